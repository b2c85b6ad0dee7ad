import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  REMINDER_MESSAGES,
  emailTemplatesContract,
  remindersContract,
  AllInvitationEmailsQuery,
  type InvitationEmail,
  type InvitationEmailInput,
  type InvitationEmailListQuery,
  type Paged,
  type ReminderProjectionQuery,
} from '@app/contract';
import { createArea, pickerSource } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ invitationEmails: remindersContract, emailTemplates: emailTemplatesContract });

const KEY = 'reminders';
const POLL_MS = 3000;

/** Re-read a page every 3 s while one of its reminders is sending or due to start (so In Progress turns Sent). */
export function pollWhileSending(response: unknown): number | false {
  const items = (response as { body?: Paged<InvitationEmail> } | undefined)?.body?.items ?? [];
  const now = Date.now();
  return items.some((r) => r.sendStatus === 'In Progress' || (!r.sendStartedAt && Date.parse(r.sendScheduledAt) <= now))
    ? POLL_MS
    : false;
}

/** Every invitation's reminders (GET /api/admin/logistics/invitation-emails). */
export const allRemindersArea = createArea(
  KEY,
  { list: tsr.invitationEmails.listAll },
  { listQuery: AllInvitationEmailsQuery },
);

/** One invitation's reminders: a list hook for the Email Reminders tab. */
export function useInvitationReminders(invitationId: number) {
  return (query: InvitationEmailListQuery) =>
    tsr.invitationEmails.list.useQuery({
      queryKey: [KEY, 'invitation', invitationId, query],
      queryData: { params: { id: invitationId }, query },
      placeholderData: keepPreviousData,
      refetchInterval: (q: { state: { data: unknown } }) => pollWhileSending(q.state.data),
    });
}

/** Weekly totals and rates for the all-reminders charts. */
export function useWeeklyStats(query: Pick<AllInvitationEmailsQuery, 'dateFrom' | 'dateTo'>) {
  return tsr.invitationEmails.weeklyStats.useQuery({ queryKey: [KEY, 'weekly', query], queryData: { query } });
}

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [KEY] });
};

/** Add (no reminder) or edit a reminder of `invitationId`, for `useEntityForm`. */
export function useSaveReminder(invitationId: number) {
  const onSettled = useInvalidate();
  const meta = { successMessage: REMINDER_MESSAGES.saved, formIssues: true };
  const create = tsr.invitationEmails.create.useMutation({ meta, onSettled });
  const update = tsr.invitationEmails.update.useMutation({ meta, onSettled });
  return {
    create: (body: InvitationEmailInput) => create.mutateAsync({ params: { id: invitationId }, body }),
    update: (emailId: number | string, body: InvitationEmailInput) =>
      update.mutateAsync({ params: { id: invitationId, emailId: Number(emailId) }, body }),
  };
}

/** Deletes a reminder that has not started (the server refuses one that has). */
export function useRemoveReminder() {
  const onSettled = useInvalidate();
  const mutation = tsr.invitationEmails.remove.useMutation({
    meta: { successMessage: 'Email Reminder deleted' },
    onSettled,
  });
  return {
    remove: (r: InvitationEmail) => mutation.mutate({ params: { id: r.invitationId, emailId: r.id } }),
    isPending: mutation.isPending,
  };
}

/** Only enabled Invitation templates can be chosen (spec 02 §5). */
export const invitationTemplateOptions = pickerSource('email-templates', tsr.emailTemplates.list, 'name:asc', {
  enabled: '1',
  type: 'Invitation',
});

/** What a reminder at this hour would add to its day (the form shows it before saving); off until the hour is chosen. */
export function useReminderProjection(invitationId: number, query: ReminderProjectionQuery | null) {
  return tsr.invitationEmails.projection.useQuery({
    queryKey: [KEY, 'projection', invitationId, query],
    queryData: { params: { id: invitationId }, query: query! },
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
