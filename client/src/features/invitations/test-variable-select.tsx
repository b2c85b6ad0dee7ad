import { SearchableSelect } from '../../components/form-kit';
import { testVariableOptions } from './api';

type Props = {
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
  /** The invitation's current variable: shown even when it has since been disabled. */
  current: { id: number; name: string } | null;
};

/** The A/B test variable: only enabled variables are offered (spec 02 §2); none means no A/B split. */
export function TestVariableSelect({ value, onChange, error, current }: Props) {
  return (
    <SearchableSelect
      {...testVariableOptions}
      label="A/B Test Variable"
      description="Valid invitees are split at random into Control and Variation"
      placeholder="No test"
      selectedLabel={current?.id === value ? current.name : undefined}
      value={value}
      error={error}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}
