import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { IdParam } from './common/fields.js';
import { exportRoute, listRoute } from './common/area-routes.js';
import { EMAIL_EVENTS, type EmailEventKind } from './emails.js';
import { InviteeListQuery } from './list-queries/invitees.js';

export * from './list-queries/invitees.js';

export const TEST_VALUES = ['Control', 'Variation'] as const;
export type TestValue = (typeof TEST_VALUES)[number];

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
const flags = Object.fromEntries(EMAIL_EVENTS.map((e) => [INVITEE_EMAIL_FLAGS[e], z.boolean()])) as Record<
  FlagName,
  z.ZodBoolean
>;

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

const ALL = '/admin/logistics/invitees';
const OF_INVITATION = '/admin/logistics/invitations/:id/invitees';

export const inviteesContract = c.router(
  {
    list: listRoute(
      ALL,
      InviteeListQuery,
      Invitee,
      'List invitees of every invitation (search by name, email or invitation code)',
    ),
    export: exportRoute(`${ALL}/export`, InviteeListQuery, 'Export the filtered invitees as CSV'),
    ofInvitation: {
      ...listRoute(OF_INVITATION, InviteeListQuery, Invitee, "List one invitation's invitees"),
      pathParams: IdParam,
    },
    exportOfInvitation: {
      ...exportRoute(`${OF_INVITATION}/export`, InviteeListQuery, "Export one invitation's filtered invitees as CSV"),
      pathParams: IdParam,
    },
  },
  { metadata: meta.area('invitees') },
);
