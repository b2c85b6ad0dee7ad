import { z } from 'zod';
import { listQuery, queryText } from '../common/list.js';

// The send log, event and outbox lists' queries and the sources and events they filter on, apart from
// the area's routes: see ./README.md.

/**
 * The send log's sources: the spec's eight labels (spec 03 emails-sent filter) and our set-password link, the
 * stored key of each, and the short form the list shows.
 */
export const EMAIL_SOURCES = [
  { label: 'invitation email', key: 'invitation_email', short: 'Invitation' },
  { label: 'invitation email test', key: 'invitation_email_test', short: 'Invitation test' },
  { label: 'invitation tickler', key: 'invitation_tickler', short: 'Tickler' },
  { label: 'tickler test', key: 'invitation_tickler_test', short: 'Tickler test' },
  { label: 'welcome email', key: 'welcome_email', short: 'Welcome' },
  { label: 'welcome test', key: 'welcome_email_test', short: 'Welcome test' },
  { label: 'welcome no payment', key: 'welcome_no_payment', short: 'No payment' },
  { label: 'no payment test', key: 'welcome_no_payment_test', short: 'No payment test' },
  // Ours: the set-password link an account is emailed (a system message, not a staff template).
  { label: 'set password', key: 'set_password', short: 'Set password' },
  // Ours: the link confirming a member's new email address, sent to that address (issue 38).
  { label: 'email change', key: 'email_change', short: 'Email change' },
  // Ours: to the staff who sent a campaign a bounce or complaint guard paused (issue 37).
  { label: 'guard notice', key: 'guard_notice', short: 'Guard notice' },
  // Ours: to a member whose badges a leaked issuer key signed, once they are reissued (issue 38).
  { label: 'badge reissued', key: 'badge_reissued', short: 'Badge reissued' },
] as const;
export const EMAIL_SOURCE_LABELS = EMAIL_SOURCES.map((s) => s.label) as unknown as [
  (typeof EMAIL_SOURCES)[number]['label'],
  ...(typeof EMAIL_SOURCES)[number]['label'][],
];
export type EmailSourceLabel = (typeof EMAIL_SOURCES)[number]['label'];

/** The ten lifecycle flags, which are also the event filter's options and the events' names (spec 03). */
export const EMAIL_EVENTS = [
  'sent',
  'delivered',
  'opened',
  'clicked',
  'deferred',
  'rejected',
  'bouncedSoft',
  'bouncedHard',
  'spam',
  'unsub',
] as const;
export type EmailEventKind = (typeof EMAIL_EVENTS)[number];

export const EmailSendListQuery = listQuery({
  sortable: ['sendAt', 'queuedAt', 'emailTo', 'subject', 'source', 'id'] as const,
  defaultSort: 'id:desc',
  filters: {
    source: z
      .enum(EMAIL_SOURCE_LABELS, { message: `source must be one of: ${EMAIL_SOURCE_LABELS.join(', ')}` })
      .optional(),
    sourceId: queryText,
    event: z.enum(EMAIL_EVENTS, { message: `event must be one of: ${EMAIL_EVENTS.join(', ')}` }).optional(),
  },
});
export type EmailSendListQuery = z.input<typeof EmailSendListQuery>;

export const EmailEventListQuery = listQuery({
  sortable: ['eventAt', 'name', 'id'] as const,
  defaultSort: 'eventAt:asc',
});
export type EmailEventListQuery = z.input<typeof EmailEventListQuery>;

export const OutboxListQuery = listQuery({
  sortable: ['createdAt', 'toAddress', 'subject', 'id'] as const,
  defaultSort: 'id:desc',
});
export type OutboxListQuery = z.input<typeof OutboxListQuery>;
