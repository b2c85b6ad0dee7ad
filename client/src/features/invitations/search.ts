import { z } from 'zod';
import { InvitationListQuery, InviteeListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The invitations list's URL state: the contract's own list query, URL-tolerant. */
export const invitationsSearch = listSearchSchema(InvitationListQuery);

/** The all-invitees list's URL state. */
export const inviteesSearch = listSearchSchema(InviteeListQuery);

export const INVITATION_TABS = ['General', 'Analytics', 'Invitees', 'Email Reminders', 'Postal Mailings'] as const;
export type InvitationTab = (typeof INVITATION_TABS)[number];

/** The detail's URL state: the tab (default General) and the Invitees tab's list keys. */
export const invitationDetailSearch = listSearchSchema(InviteeListQuery, {
  tab: z.enum(INVITATION_TABS).optional().catch(undefined),
});
