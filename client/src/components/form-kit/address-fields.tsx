import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { US_STATES } from '@app/contract';
import type { FormBinder } from './use-entity-form';

const COUNTRY_OPTIONS = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
];
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/**
 * The Address fields (spec 01 §3) bound to `path` of a form: street 1 and 2, city, state (the 50 US
 * states when the country is US, free text otherwise), postal code and country (US or CA).
 *
 * @example <AddressFields form={form} path="address" />
 */
export function AddressFields({ form, path }: { form: FormBinder; path: string }) {
  const field = (name: string) => form.getInputProps(`${path}.${name}`);
  const country = field('country').value as string | null;
  const state = field('state');
  return (
    <Stack gap="sm">
      <TextInput label="Street" autoComplete="address-line1" {...field('street1')} />
      <TextInput label="Street line 2" autoComplete="address-line2" {...field('street2')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput label="City" autoComplete="address-level2" {...field('city')} />
        {country === 'US' ? (
          <Select
            label="State"
            data={STATE_OPTIONS}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...state}
            value={(state.value as string) || null}
          />
        ) : (
          <TextInput label="State / Province" autoComplete="address-level1" {...state} />
        )}
        <TextInput label="Postal code" autoComplete="postal-code" {...field('postalCode')} />
        <Select
          label="Country"
          data={COUNTRY_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...field('country')}
          value={country || null}
        />
      </SimpleGrid>
    </Stack>
  );
}
