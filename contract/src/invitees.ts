import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { IdParam } from './common/fields.js';
import { ErrorBody } from './common/error.js';
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
  directoryOptOut: z
    .boolean()
    .describe('FERPA directory opt-out: no postal mail, never named to a third party (issue 36 §5)'),
  ...flags,
});
export type Invitee = z.infer<typeof Invitee>;

/** Body of an invitee's directory opt-out (issue 36 §5; the invitee database's FERPA column sets it too). */
export const InviteeOptOutInput = z.object({
  directoryOptOut: z.boolean({
    required_error: 'Directory opt-out is required',
    invalid_type_error: 'Directory opt-out must be true or false',
  }),
});
export type InviteeOptOutInput = z.infer<typeof InviteeOptOutInput>;

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
    setDirectoryOptOut: {
      method: 'PATCH',
      path: `${ALL}/:id/directory-opt-out`,
      pathParams: IdParam,
      body: InviteeOptOutInput,
      responses: { 200: Invitee, 404: ErrorBody },
      summary:
        'Set or clear the FERPA directory opt-out of one invitee (no postal mail, never named to a third party); audited',
    },
    exportOfInvitation: {
      ...exportRoute(`${OF_INVITATION}/export`, InviteeListQuery, "Export one invitation's filtered invitees as CSV"),
      pathParams: IdParam,
    },
  },
  { metadata: meta.area('invitees') },
);
