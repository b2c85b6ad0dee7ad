import { z } from 'zod';
import { InvitationEmailInput, type InvitationEmail, type InviteCountBucket, type TestSegment } from '@app/contract';
import { scheduledHourValues, scheduledInstant, type ScheduledHourValues } from '../../components/form-kit';

/** What the reminder form edits: the template, the send hour as a local day and hour, the audience. */
export type ReminderFormValues = ScheduledHourValues & {
  templateId: number | null;
  inviteCount: InviteCountBucket;
  testValue: TestSegment;
};

/** The form's start: the reminder being edited, or a new one this hour 7 days ahead (spec 02 §9) for everyone. */
export function toFormValues(reminder?: InvitationEmail, now = new Date()): ReminderFormValues {
  return {
    templateId: reminder?.template.id ?? null,
    ...scheduledHourValues(reminder?.sendScheduledAt, now),
    inviteCount: reminder?.inviteCount ?? 'All',
    testValue: reminder?.testValue ?? 'All',
  };
}

/** The contract's input over the form's values: the same rules and texts as the server. */
export const ReminderFormSchema = z.preprocess((v) => {
  const { day, hour, ...rest } = v as ReminderFormValues;
  return { ...rest, sendScheduledAt: scheduledInstant({ day, hour }) };
}, InvitationEmailInput);
