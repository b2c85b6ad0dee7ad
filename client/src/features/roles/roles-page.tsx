import { lazy } from 'react';
import { Badge, Text } from '@mantine/core';
import type { Role } from '@app/contract';
import { actionsColumn, countColumn, Note, openColumn, RowActions, type Column } from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { confirmDelete } from '../../components/confirm-delete';
import { rolesArea, rolesList } from './api';

const RolePanel = lazy(() => import('./role-panel'));

function yesNo(value: boolean, color: string) {
  return (
    <Badge variant="light" color={value ? color : 'gray'}>
      {value ? 'Yes' : 'No'}
    </Badge>
  );
}

function columns(openEdit: (id: number) => void, remove: (role: Role) => void): Column<Role>[] {
  return [
    // Not sortable: the list is every role, by name.
    { ...openColumn<Role>('name', 'Name', openEdit), sortField: undefined },
    {
      key: 'description',
      header: 'Description',
      visibleFrom: 'sm',
      render: (r) => <Note lineClamp={2}>{r.description}</Note>,
    },
    {
      key: 'permissions',
      header: 'Permissions',
      visibleFrom: 'md',
      render: (r) => <Text size="sm">{r.permissions.length}</Text>,
    },
    { key: 'builtIn', header: 'Built-in', visibleFrom: 'sm', render: (r) => yesNo(r.builtIn, 'blue') },
    {
      key: 'chapterScoped',
      header: 'Chapter-scoped',
      visibleFrom: 'sm',
      render: (r) => yesNo(r.chapterScoped, 'grape'),
    },
    countColumn<Role>('accounts', 'Accounts'),
    // Delete only while nobody holds it and it is not built in; the server says why otherwise.
    actionsColumn<Role>((r) => (
      <RowActions
        name={r.name}
        onEdit={() => openEdit(r.id)}
        onDelete={r.builtIn || r.accounts > 0 ? undefined : () => remove(r)}
      />
    )),
  ];
}

/** /admin/tech/roles: the staff roles (issue 35 §2), with the Add/Edit Role side panel in the URL. */
export function RolesPage() {
  const { remove } = rolesArea.useRemove();
  const confirm = (r: Role) =>
    confirmDelete('Delete Role', <>Are you sure you want to delete the role "{r.name}"?</>, () => remove(r.id));
  return (
    <PanelListPage
      title="Roles"
      addLabel="Add Role"
      Panel={RolePanel}
      area={rolesList}
      columns={(openEdit) => columns(openEdit, confirm)}
      emptyText="No roles yet."
    />
  );
}
