import { EntityPanel, type EditPanel } from '../../components/form-kit';
import { rolesArea } from './api';
import { RoleForm } from './role-form';

/** The Add/Edit Role side panel: its own chunk, loaded when the panel first opens. */
export default function RolePanel({ panel }: { panel: EditPanel }) {
  return (
    <EntityPanel panel={panel} noun="Role" useDetail={rolesArea.useDetail}>
      {(role, onDone) => <RoleForm role={role} onDone={onDone} />}
    </EntityPanel>
  );
}
