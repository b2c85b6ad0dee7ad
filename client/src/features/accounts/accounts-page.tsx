import { useState } from 'react';
import { HistoryPanel } from '../../components/audit/history-panel';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconSend } from '@tabler/icons-react';
import type { Account } from '@app/contract';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { FormDrawer, LoadedEntity, useEditPanel } from '../../components/form-kit';
import { Can } from '../../api/permissions';
import { accountsArea, accountsRoutes, useInvite } from './api';
import { INVITE_STAFF_TEXTS, InviteStaffForm } from './invite-staff-form';
import { AccountForm } from './account-form';
import { addressLine, formatPhone, roleLabel } from './format';
import { PersonCell } from './person-cell';
import { ResetPasswordForm, type ResetTarget } from './reset-password-form';
import { RowActions } from './row-actions';

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search name, email or code' }];

type RowHandlers = {
  openEdit: (id: number) => void;
  openReset: (t: ResetTarget) => void;
  invite: (id: number) => void;
};

function columns({ openEdit, openReset, invite }: RowHandlers): Column<Account>[] {
  return [
    {
      key: 'name',
      header: 'Name / Email',
      sortField: 'name',
      render: (a) => (
        <PersonCell name={a.fullName} email={a.email} optOut={a.directoryOptOut} onOpen={() => openEdit(a.id)} />
      ),
    },
    {
      key: 'contact',
      header: 'Address / Phone',
      visibleFrom: 'md',
      render: (a) => {
        const address = addressLine(a.address);
        const phone = formatPhone(a.phone);
        if (!address && !phone)
          return (
            <Text size="sm" c="dimmed">
              —
            </Text>
          );
        return (
          <Stack gap={0}>
            {address && (
              <Text size="sm" lineClamp={1}>
                {address}
              </Text>
            )}
            {phone && (
              <Text size="xs" c="dimmed">
                {phone}
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'roles',
      header: 'Roles',
      visibleFrom: 'sm',
      render: (a) => (
        <Group gap={4}>
          {a.roles.map((r) => (
            <Badge key={r} variant="light" color={r === 'ROLE_ADMIN' ? 'indigo' : 'gray'} tt="none">
              {roleLabel(r)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'active',
      header: 'Active',
      primary: true,
      render: (a) => (
        <Badge variant="light" color={a.active ? 'teal' : 'gray'} tt="none">
          {a.active ? 'active' : 'inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (a) => (
        <RowActions
          name={a.fullName}
          onEdit={() => openEdit(a.id)}
          onInvite={a.active ? () => invite(a.id) : undefined}
          onReset={() => openReset({ id: a.id, name: a.fullName, email: a.email })}
        />
      ),
    },
  ];
}

function EditAccount({ id, onDone }: { id: number; onDone: () => void }) {
  return (
    <LoadedEntity result={accountsArea.useDetail(id)}>
      {(account) => (
        <AccountForm
          account={account}
          onDone={onDone}
          history={<HistoryPanel entity="accounts" entityId={account.id} />}
        />
      )}
    </LoadedEntity>
  );
}

/** /admin/accounts: the list (spec 01 §2), the Add/Edit Account panel (in the URL) and Reset Password. */
export function AccountsPage() {
  const panel = useEditPanel();
  const [reset, setReset] = useState<ResetTarget | null>(null);
  const [inviting, setInviting] = useState(false);
  const invite = useInvite();
  return (
    <>
      <AreaListPage
        title="Accounts"
        area={accountsArea}
        columns={columns({ openEdit: panel.openEdit, openReset: setReset, invite })}
        filters={filters}
        actions={
          <>
            <Can call={accountsRoutes.inviteStaff}>
              <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => setInviting(true)}>
                Invite Staff
              </Button>
            </Can>
            <Can call={accountsRoutes.create}>
              <Button leftSection={<IconPlus size={16} />} onClick={panel.openNew}>
                Add Account
              </Button>
            </Can>
          </>
        }
      />
      <FormDrawer opened={panel.opened} onClose={panel.close} title={panel.isNew ? 'Add Account' : 'Edit Account'}>
        {panel.isNew && <AccountForm onDone={panel.close} />}
        {typeof panel.id === 'number' && <EditAccount key={panel.id} id={panel.id} onDone={panel.close} />}
      </FormDrawer>
      <FormDrawer opened={inviting} onClose={() => setInviting(false)} title={INVITE_STAFF_TEXTS.title}>
        {inviting && <InviteStaffForm onDone={() => setInviting(false)} />}
      </FormDrawer>
      <FormDrawer opened={!!reset} onClose={() => setReset(null)} title="Reset Password">
        {reset && <ResetPasswordForm key={reset.id} target={reset} kind="account" onDone={() => setReset(null)} />}
      </FormDrawer>
    </>
  );
}
