import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { InvitationEmailListQuery, type Invitation } from '@app/contract';
import { ListPage, listQueryOf, usePrefixedListSearch } from '../../components/list-kit';
import { useInvitationReminders, useRemoveReminder } from './api';
import { reminderColumns } from './columns';
import type { ReminderTarget } from './reminder-drawer';

const ReminderDrawer = lazy(() => import('./reminder-drawer'));

/** The invitation's Email Reminders tab: its list under `ePage`, `ePageSize`, `eSort`; add, edit and delete before sending. */
export default function RemindersTab({ invitation }: { invitation: Pick<Invitation, 'id'> }) {
  const list = usePrefixedListSearch('e', InvitationEmailListQuery);
  const result = useInvitationReminders(invitation.id)(listQueryOf(InvitationEmailListQuery, list.search));
  const [target, setTarget] = useState<ReminderTarget | null>(null);
  const { remove } = useRemoveReminder();
  return (
    <>
      <ListPage
        title="Email Reminders"
        list={list}
        result={result}
        columns={reminderColumns({ edit: (reminder) => setTarget({ invitationId: invitation.id, reminder }), remove })}
        emptyText="No email reminder scheduled yet."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget({ invitationId: invitation.id })}>
            Add Email Reminder
          </Button>
        }
      />
      {target && (
        <Suspense fallback={null}>
          <ReminderDrawer target={target} onClose={() => setTarget(null)} />
        </Suspense>
      )}
    </>
  );
}
