import type { InvitationEmail } from '@app/contract';
import { FormDrawer } from '../../components/form-kit';
import { ReminderForm } from './reminder-form';
import { GuardPauseAlert } from '../../components/guard-pauses';

/** What the drawer shows: a new reminder of an invitation, or the reminder being edited. */
export type ReminderTarget = { invitationId: number; reminder?: InvitationEmail };

/** The Add/Edit Email Reminder side panel: its own chunk, loaded when it first opens. */
export default function ReminderDrawer({ target, onClose }: { target: ReminderTarget | null; onClose: () => void }) {
  return (
    <FormDrawer
      opened={target !== null}
      onClose={onClose}
      title={target?.reminder ? 'Edit Email Reminder' : 'Add Email Reminder'}
    >
      {target && <GuardPauseAlert invitationId={target.invitationId} />}
      {target && (
        <ReminderForm
          key={target.reminder?.id ?? 'new'}
          invitationId={target.invitationId}
          reminder={target.reminder}
          onDone={onClose}
        />
      )}
    </FormDrawer>
  );
}
