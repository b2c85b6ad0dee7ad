import type { z } from 'zod';
import { listQuery, queryDate } from '../common/list.js';

// The reminder lists' queries (one invitation's, all of them), apart from the area's routes: see ./README.md.

export const InvitationEmailListQuery = listQuery({
  sortable: ['sendScheduledAt', 'id', 'inviteCount', 'testValue', 'sendStatus'] as const,
  defaultSort: 'sendScheduledAt:desc',
});
export type InvitationEmailListQuery = z.input<typeof InvitationEmailListQuery>;

/** All reminders (spec 02 /admin/logistics/email-reminders): scheduled in [dateFrom, dateTo], searched by template, institution or chapter. */
export const AllInvitationEmailsQuery = listQuery({
  sortable: ['sendScheduledAt', 'id', 'sendStatus'] as const,
  defaultSort: 'sendScheduledAt:desc',
  filters: { dateFrom: queryDate, dateTo: queryDate },
});
export type AllInvitationEmailsQuery = z.input<typeof AllInvitationEmailsQuery>;
