import { useState } from 'react';
import { Text } from '@mantine/core';
import type { MemberRow } from '@app/contract';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { FormDrawer, LoadedEntity, useEditPanel } from '../../components/form-kit';
import { useFeeActions } from '../../components/payment-actions';
import { membersArea } from './api';
import { formatDay } from './format';
import { MemberForm } from './member-form';
import { PersonCell } from './person-cell';
import { ResetPasswordForm, type ResetTarget } from './reset-password-form';
import { RowActions } from './row-actions';
import { useWelcomeDialog } from './welcome-dialog';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name, email or code' },
  { key: 'memberFrom', type: 'date', label: 'Member from' },
  { key: 'memberTo', type: 'date', label: 'Member to' },
];

/** The columns both member and pledge lists share: name (with email), school, a date, invitation code. */
export function memberColumns(
  date: { header: string; sortField: 'memberat' | 'pledgedat' },
  openEdit?: (id: number) => void,
): Column<MemberRow>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (m) => (
        <PersonCell
          name={m.fullname}
          email={m.email}
          optOut={m.directoryOptOut}
          onOpen={openEdit && (() => openEdit(m.id))}
        />
      ),
    },
    {
      key: 'school',
      header: 'School',
      visibleFrom: 'md',
      render: (m) => (
        <Text size="sm" c={m.schoolname ? undefined : 'dimmed'} lineClamp={2}>
          {m.schoolname ?? '—'}
        </Text>
      ),
    },
    {
      key: date.sortField,
      header: date.header,
      sortField: date.sortField,
      render: (m) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(m[date.sortField])}
        </Text>
      ),
    },
    {
      key: 'invitationcode',
      header: 'Invitation Code',
      visibleFrom: 'sm',
      render: (m) => (
        <Text size="sm" ff="monospace" c={m.invitationcode ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {m.invitationcode ?? '—'}
        </Text>
      ),
    },
  ];
}

function EditMember({ id, onDone }: { id: number; onDone: () => void }) {
  return (
    <LoadedEntity result={membersArea.useDetail(id)}>
      {(member) => <MemberForm member={member} onDone={onDone} />}
    </LoadedEntity>
  );
}

/** /admin/accounts/members: members by membership date, CSV export with the filters, edit and Reset Password. */
export function MembersPage() {
  const panel = useEditPanel();
  const [reset, setReset] = useState<ResetTarget | null>(null);
  const confirmWelcome = useWelcomeDialog();
  const fee = useFeeActions('account');
  const columns: Column<MemberRow>[] = [
    ...memberColumns({ header: 'Member Since', sortField: 'memberat' }, panel.openEdit),
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (m) => (
        <RowActions
          name={m.fullname}
          onEdit={() => panel.openEdit(m.id)}
          onWelcome={() => void confirmWelcome(m)}
          onReset={() => setReset({ id: m.id, name: m.fullname, email: m.email })}
          payment={fee.menu({ id: m.id, name: m.fullname, email: m.email })}
        />
      ),
    },
  ];
  return (
    <>
      <AreaListPage title="Members" area={membersArea} columns={columns} filters={filters} />
      <FormDrawer opened={typeof panel.id === 'number'} onClose={panel.close} title="Edit Member">
        {typeof panel.id === 'number' && <EditMember key={panel.id} id={panel.id} onDone={panel.close} />}
      </FormDrawer>
      {fee.panel}
      <FormDrawer opened={!!reset} onClose={() => setReset(null)} title="Reset Password">
        {reset && <ResetPasswordForm key={reset.id} target={reset} kind="member" onDone={() => setReset(null)} />}
      </FormDrawer>
    </>
  );
}
