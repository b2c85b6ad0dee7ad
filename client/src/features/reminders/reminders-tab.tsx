import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { remindersContract, InvitationEmailListQuery, type Invitation } from '@app/contract';
import { Can } from '../../api/permissions';
import { ListPage, listQueryOf, usePrefixedListSearch } from '../../components/list-kit';
import { useInvitationReminders } from './api';
import { reminderColumns } from './columns';
import { useReminderEditing } from './reminder-editing';
import { GuardPauseAlert } from '../../components/guard-pauses';

/** The invitation's Email Reminders tab: its list under `ePage`, `ePageSize`, `eSort`; add, edit and delete before sending. */
export default function RemindersTab({ invitation }: { invitation: Pick<Invitation, 'id'> }) {
  const list = usePrefixedListSearch('e', InvitationEmailListQuery);
  const result = useInvitationReminders(invitation.id)(listQueryOf(InvitationEmailListQuery, list.search));
  const editing = useReminderEditing();
  return (
    <>
      <GuardPauseAlert invitationId={invitation.id} />
      <ListPage
        title="Email Reminders"
        list={list}
        result={result}
        columns={reminderColumns(editing.actions)}
        emptyText="No email reminder scheduled yet."
        actions={
          <Can call={remindersContract.create}>
            <Button leftSection={<IconPlus size={16} />} onClick={() => editing.add(invitation.id)}>
              Add Email Reminder
            </Button>
          </Can>
        }
      />
      {editing.panel}
    </>
  );
}
