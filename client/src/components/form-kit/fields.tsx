import { NumberInput, Select, type NumberInputProps, type SelectProps } from '@mantine/core';

/**
 * A Select over a contract enum's values (`INSTITUTION_TYPES`...), or value/label pairs.
 *
 * @example <EnumSelect label="Type" values={INSTITUTION_TYPES} withAsterisk {...form.getInputProps('type')} />
 */
export function EnumSelect({
  values,
  value,
  onChange,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  values: readonly (string | { value: string; label: string })[];
  value?: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Select
      data={values.map((v) => (typeof v === 'string' ? { value: v, label: v } : v))}
      value={value || null}
      onChange={(v) => onChange(v)}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}

/**
 * A whole-number input whose empty state is `null` (not '' or 0), for nullable number fields.
 *
 * @example <NullableNumberInput label="Legacy Id" {...form.getInputProps('legacyId')} />
 */
export function NullableNumberInput({
  value,
  onChange,
  ...rest
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value?: number | string | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <NumberInput
      allowDecimal={false}
      hideControls
      value={value ?? ''}
      onChange={(v) => onChange(v === '' || v === null || v === undefined ? null : Number(v))}
      {...rest}
    />
  );
}
