import { PermissionGrid } from '../../components/permission-grid';
import { useScopeAreas } from './api';

type Props = { value: string[]; onChange: (scopes: string[]) => void; error?: string };

/** The calls a key may make: per admin area, Read, Write and Export (the shared permission grid roles use too). */
export function ScopePicker({ value, onChange, error }: Props) {
  return (
    <PermissionGrid
      label="Calls it may make"
      required
      areas={useScopeAreas().data?.body.items}
      value={value}
      onChange={onChange}
      error={error}
      description="Read: lists and single records. Write: creates, saves, sends and deletes. Export: CSV and spreadsheet files."
    />
  );
}
