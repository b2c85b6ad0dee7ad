import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { IdParam } from './common/fields.js';
import { listQuery, queryFlag } from './common/list.js';
import { exportRoute, listRoute } from './common/area-routes.js';
import { EMAIL_EVENTS, type EmailEventKind } from './emails.js';

/** Times invited buckets of the invitee filter (spec 02 §3: 1, 2, 3, 4+). */
export const INVITE_COUNT_FILTERS = ['1', '2', '3', '4+'] as const;
export const TEST_VALUES = ['Control', 'Variation'] as const;
export type TestValue = (typeof TEST_VALUES)[number];

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

/** The invitee's email flags, named as the spec's entity names them (emailSent ... emailUnsub). */
export const INVITEE_EMAIL_FLAGS = {
  sent: 'emailSent',
  delivered: 'emailDelivered',
  opened: 'emailOpened',
  clicked: 'emailClicked',
  deferred: 'emailDeferred',
  rejected: 'emailRejected',
  bouncedSoft: 'emailBouncedSoft',
  bouncedHard: 'emailBouncedHard',
  spam: 'emailSpam',
  unsub: 'emailUnsub',
} as const satisfies Record<EmailEventKind, string>;
type FlagName = (typeof INVITEE_EMAIL_FLAGS)[EmailEventKind];
const flags = Object.fromEntries(EMAIL_EVENTS.map((e) => [INVITEE_EMAIL_FLAGS[e], z.boolean()])) as Record<FlagName, z.ZodBoolean>;

/** Spec 02 §3 Invitee. `mailingAddress` holds the file's address parts (street, city, state, postalCode, ...) or `address`. */
export const Invitee = z.object({
  id: z.number().int(),
  invitation: z.object({
    id: z.number().int(),
    institutionName: z.string(),
    chapterName: z.string(),
    deliverEmails: z.boolean(),
    deliverPostalMails: z.boolean(),
  }),
  rowNumber: z.number().int().nullable().describe('Row of the uploaded file (the header is row 1)'),
  salutation: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  major: z.string().nullable(),
  class: z.string().nullable(),
  removed: z.boolean(),
  removedReason: z.string().nullable(),
  invitationCode: z.string().nullable(),
  mailingAddress: z.record(z.string()),
  phoneNumber: z.string().nullable(),
  legacyPledgeAt: z.string().nullable(),
  legacyPaidAt: z.string().nullable(),
  inviteCount: z.number().int().describe('Times invited: invitations that reached this address, this one included'),
  testValue: z.enum(TEST_VALUES).nullable(),
  ...flags,
});
export type Invitee = z.infer<typeof Invitee>;

export const InviteeListQuery = listQuery({
  sortable: ['id', 'lastName', 'firstName', 'email', 'inviteCount', 'legacyPledgeAt', 'legacyPaidAt', 'rowNumber'] as const,
  defaultSort: 'id:asc',
  filters: {
    inviteCount: z.enum(INVITE_COUNT_FILTERS, { message: 'inviteCount must be one of: 1, 2, 3, 4+' }).optional(),
    removed: queryFlag.optional(),
    test: queryFlag.optional().describe('1: in the Variation group of an A/B test; 0: Control or no test'),
    event: z.enum(INVITEE_EVENT_KEYS, { message: `event must be one of: ${INVITEE_EVENT_KEYS.join(', ')}` }).optional(),
  },
});
export type InviteeListQuery = z.input<typeof InviteeListQuery>;

const ALL = '/admin/logistics/invitees';
const OF_INVITATION = '/admin/logistics/invitations/:id/invitees';

export const inviteesContract = c.router(
  {
    list: listRoute(ALL, InviteeListQuery, Invitee, 'List invitees of every invitation (search by name, email or invitation code)'),
    export: exportRoute(`${ALL}/export`, InviteeListQuery, 'Export the filtered invitees as CSV'),
    ofInvitation: { ...listRoute(OF_INVITATION, InviteeListQuery, Invitee, "List one invitation's invitees"), pathParams: IdParam },
    exportOfInvitation: {
      ...exportRoute(`${OF_INVITATION}/export`, InviteeListQuery, "Export one invitation's filtered invitees as CSV"),
      pathParams: IdParam,
    },
  },
  { metadata: meta.admin },
);
