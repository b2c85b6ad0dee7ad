import { keepPreviousData } from '@tanstack/react-query';
import {
  apiRouter,
  chaptersContract,
  institutionsContract,
  remindersContract,
  invitationsContract,
  testVariablesContract,
  inviteesContract,
  INVITATION_MESSAGES,
  TEST_EMAIL_SENT,
  type DryRunInput,
  InviteeListQuery,
  InvitationListQuery,
} from '@app/contract';
import { createArea, pickerSource } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({
  invitations: invitationsContract,
  invitees: inviteesContract,
  chapters: chaptersContract,
  institutions: institutionsContract,
  invitationTests: testVariablesContract,
  invitationEmails: remindersContract,
});

/** The areas' routes under `/api` (their export addresses), without the whole contract's schemas. */
export const invitationsRoutes = apiRouter({ invitations: invitationsContract }).invitations;
export const inviteesRoutes = apiRouter({ invitees: inviteesContract }).invitees;

/** Invitations: list, one invitation, create, update and delete (only Draft and DB Processing). */
export const invitationsArea = createArea(
  'invitations',
  {
    list: tsr.invitations.list,
    detail: tsr.invitations.get,
    create: tsr.invitations.create,
    update: tsr.invitations.update,
    remove: tsr.invitations.remove,
  },
  {
    savedMessage: INVITATION_MESSAGES.saved,
    removeMeta: { successMessage: 'Invitation deleted' },
    listQuery: InvitationListQuery,
  },
);

/** All invitees (GET /api/admin/logistics/invitees). Under 'invitations' so an invitation's change refreshes them. */
export const inviteesArea = createArea(
  ['invitations', 'invitees'],
  { list: tsr.invitees.list },
  { listQuery: InviteeListQuery, exportRoute: inviteesRoutes.export },
);

/** One invitation's invitees: a list hook for `AreaListPage`, bound to the invitation's id. */
export function useInvitationInvitees(invitationId: number) {
  return (query: InviteeListQuery) =>
    tsr.invitees.ofInvitation.useQuery({
      queryKey: ['invitations', 'invitees', invitationId, query],
      queryData: { params: { id: invitationId }, query },
      placeholderData: keepPreviousData,
    });
}

/** Pledges and joins per day of one invitation (the Analytics tab). */
export function useInvitationAnalytics(invitationId: number) {
  return tsr.invitations.analytics.useQuery({
    queryKey: ['invitations', 'analytics', invitationId],
    queryData: { params: { id: invitationId } },
  });
}

/** The form's dry run of a chosen database: nothing is saved. */
export function useDryRun() {
  return tsr.invitations.dryRun.useMutation();
}
export type { DryRunInput };

/** Pickers: 20 at a time by name (spec 02 §9). */
export const chapterOptions = pickerSource('chapters', tsr.chapters.list);
export const institutionOptions = pickerSource('institutions', tsr.institutions.list);
/** Enabled A/B variables only (spec 02: only enabled variables can be used on new invitations). */
export const testVariableOptions = pickerSource('test-variables', tsr.invitationTests.list, 'name:asc', {
  enabled: '1',
});

/** The invitation's reminders to choose from in an invitee's test send (its first 100, soonest first). */
export function useInvitationEmailChoices(invitationId: number) {
  return tsr.invitationEmails.list.useQuery({
    queryKey: ['reminders', 'invitation', invitationId, 'choices'],
    queryData: { params: { id: invitationId }, query: { pageSize: 100, sort: 'sendScheduledAt:asc' } },
  });
}

/** 'Send Test Email' of an invitee: the chosen reminder's template rendered for the invitee, sent to toEmail. */
export function useSendInviteeTest() {
  return tsr.invitationEmails.sendInviteeTest.useMutation({ meta: { successMessage: TEST_EMAIL_SENT } });
}

/** An invitee's FERPA directory opt-out set or cleared (issue 36 §5). */
export function useSetInviteeOptOut() {
  return tsr.invitees.setDirectoryOptOut.useMutation();
}
