import { lazy, Suspense, useState } from 'react';
import { useRemoveReminder } from './api';
import type { ReminderActions } from './columns';
import type { ReminderTarget } from './reminder-drawer';

const ReminderDrawer = lazy(() => import('./reminder-drawer'));

/**
 * Adding, editing and deleting reminders from a list (the invitation's tab and the all-reminders list):
 * the row actions (shown only before the send starts, spec 02), `add` for an invitation, and the
 * Add/Edit side panel to render beside the list.
 */
export function useReminderEditing() {
  const [target, setTarget] = useState<ReminderTarget | null>(null);
  const { remove } = useRemoveReminder();
  const actions: ReminderActions = {
    edit: (reminder) => setTarget({ invitationId: reminder.invitationId, reminder }),
    remove,
  };
  const panel = target && (
    <Suspense fallback={null}>
      <ReminderDrawer target={target} onClose={() => setTarget(null)} />
    </Suspense>
  );
  return { actions, add: (invitationId: number) => setTarget({ invitationId }), panel };
}
