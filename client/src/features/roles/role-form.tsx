import { Switch, Textarea } from '@mantine/core';
import { RoleInput, type Role } from '@app/contract';
import { useEntityForm } from '../../components/form-kit';
import { NamedForm } from '../../components/form-kit/named-form';
import { PermissionGrid } from '../../components/permission-grid';
import { rolesArea, usePermissionAreas } from './api';

/** The Add/Edit Role form: name (ROLE_*), description, the permission grid and whether it is chapter-scoped. */
export function RoleForm({ role, onDone }: { role?: Role; onDone: () => void }) {
  const save = rolesArea.useSave();
  const areas = usePermissionAreas().data?.body.items;
  const form = useEntityForm({
    schema: RoleInput,
    initialValues: {
      name: role?.name ?? 'ROLE_',
      description: role?.description ?? '',
      permissions: role?.permissions ?? ([] as string[]),
      chapterScoped: role?.chapterScoped ?? false,
    },
    id: role?.id,
    ...save,
    onSaved: onDone,
  });
  return (
    <NamedForm
      form={form}
      onDone={onDone}
      maxLength={65}
      fixed={role?.builtIn}
      description={role?.builtIn ? 'A built-in role keeps its name' : 'ROLE_ followed by capitals, e.g. ROLE_TREASURER'}
    >
      <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
      <Switch
        label="Chapter-scoped"
        description="Its holders see and change only the rows of the chapters on their account"
        checked={form.values.chapterScoped}
        onChange={(e) => form.setValue('chapterScoped', e.currentTarget.checked)}
      />
      <PermissionGrid
        label="Permissions"
        description="Read: lists and single records. Write: creates, saves, sends and deletes. Export: CSV and spreadsheet files."
        areas={areas}
        value={form.values.permissions}
        onChange={(permissions) => form.setValue('permissions', permissions)}
        error={form.errors.permissions}
      />
    </NamedForm>
  );
}
