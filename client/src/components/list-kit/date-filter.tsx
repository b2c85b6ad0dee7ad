import { DateInput } from '@mantine/dates';

/** A day filter: shown as every date of the app is (Nov 27, 2026), kept in the URL as YYYY-MM-DD; its own module so lists without one do not load the date picker. */
export default function DateFilter(props: {
  label?: string;
  placeholder?: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  return (
    <DateInput
      aria-label={props.label}
      placeholder={props.placeholder ?? props.label}
      valueFormat="MMM D, YYYY"
      value={props.value ?? null}
      onChange={(v) => props.onChange(v ?? undefined)}
      clearable
      miw={140}
      style={{ flex: '1 1 150px' }}
    />
  );
}
