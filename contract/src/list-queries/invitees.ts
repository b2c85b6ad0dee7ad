import { z } from 'zod';
import { listQuery, queryFlag } from '../common/list.js';

// The invitees list's query and the invite counts and events it filters on, apart from the area's routes:
// see ./README.md.

/** Times invited buckets of the invitee filter (spec 02 §3: 1, 2, 3, 4+). */
export const INVITE_COUNT_FILTERS = ['1', '2', '3', '4+'] as const;

/**
 * The invitee event filter: the twelve keys of the all-invitees page (spec 02 §2), each with the label the
 * invitation's Invitees tab shows. Both lists take the keys.
 */
export const INVITEE_EVENTS = [
  { key: 'paid', label: 'Joined (Paid)' },
  { key: 'pledge', label: 'Pledged (Not Paid)' },
  { key: 'sent', label: 'Email Sent' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'opened', label: 'Opened' },
  { key: 'clicked', label: 'Clicked' },
  { key: 'deferred', label: 'Deferred' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'bouncedSoft', label: 'Soft Bounce' },
  { key: 'bouncedHard', label: 'Hard Bounce' },
  { key: 'spam', label: 'Spam' },
  { key: 'unsub', label: 'Unsubscribed' },
] as const;
export const INVITEE_EVENT_KEYS = INVITEE_EVENTS.map((e) => e.key) as unknown as [
  (typeof INVITEE_EVENTS)[number]['key'],
  ...(typeof INVITEE_EVENTS)[number]['key'][],
];
export type InviteeEventKey = (typeof INVITEE_EVENT_KEYS)[number];

export const InviteeListQuery = listQuery({
  sortable: [
    'id',
    'lastName',
    'firstName',
    'email',
    'inviteCount',
    'legacyPledgeAt',
    'legacyPaidAt',
    'rowNumber',
  ] as const,
  defaultSort: 'id:asc',
  filters: {
    inviteCount: z.enum(INVITE_COUNT_FILTERS, { message: 'inviteCount must be one of: 1, 2, 3, 4+' }).optional(),
    removed: queryFlag.optional(),
    test: queryFlag.optional().describe('1: in the Variation group of an A/B test; 0: Control or no test'),
    event: z.enum(INVITEE_EVENT_KEYS, { message: `event must be one of: ${INVITEE_EVENT_KEYS.join(', ')}` }).optional(),
  },
});
export type InviteeListQuery = z.input<typeof InviteeListQuery>;
