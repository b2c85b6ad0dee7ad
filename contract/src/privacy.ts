import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { IdParam } from './common/fields.js';

/*
 * Personal data (issue 36): find one person across every area, export what is held about them (right of
 * access) and erase them (right to erasure), each export and erasure a job whose status the screen polls.
 */

export const PRIVACY_MESSAGES = {
  lookupRequired: 'Give an email, a phone or an invitation code',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  reasonRequired: 'Reason is required',
  notReady: 'The export is not ready yet',
  gone: 'This export was already downloaded or is older than 7 days; request a new one',
  sameStaff: 'Another staff member must confirm this erasure',
  notAwaiting: 'This erasure is not awaiting confirmation',
  erasedReason: 'Erased at their request',
} as const;

/** The areas that can hold a person, in the order the screen shows them. */
export const PRIVACY_AREAS = [
  'accounts',
  'invitees',
  'emailSends',
  'emailEvents',
  'postalMails',
  'payments',
  'learnerProgress',
  'aiChats',
  'calendarEvents',
  'blockedEmails',
  'auditRows',
] as const;
export type PrivacyArea = (typeof PRIVACY_AREAS)[number];

export const PRIVACY_AREA_LABELS: Record<PrivacyArea, string> = {
  accounts: 'Accounts',
  invitees: 'Invitees (every invitation)',
  emailSends: 'Emails sent',
  emailEvents: 'Email events',
  postalMails: 'Postal mailings',
  payments: 'Payments',
  learnerProgress: 'Learner progress',
  aiChats: 'AI chats',
  calendarEvents: 'Calendar events they made',
  blockedEmails: 'Blocked emails',
  auditRows: 'Audit rows naming them',
};

export const PRIVACY_STATUSES = ['Queued', 'Running', 'Done', 'Failed', 'Awaiting confirmation'] as const;
export type PrivacyStatus = (typeof PRIVACY_STATUSES)[number];

const text = (max: number) => z.string().trim().max(max).optional();

/** Exactly what identifies the person: an email, a phone or an invitation code (the first given is used). */
export const PersonQuery = z
  .object({ email: text(254), phone: text(40), code: text(60) })
  .refine((q) => !!(q.email || q.phone || q.code), { message: PRIVACY_MESSAGES.lookupRequired });
export type PersonQuery = z.input<typeof PersonQuery>;

export const PersonGroup = z.object({
  area: z.enum(PRIVACY_AREAS),
  label: z.string(),
  count: z.number().int(),
  /** The screen listing these rows (relative app path), or null where no screen lists them. */
  link: z.string().nullable(),
});
export type PersonGroup = z.infer<typeof PersonGroup>;

export const PersonFound = z.object({
  /** The addresses the lookup resolved to (an invitee's and its account's may differ). */
  emails: z.array(z.string()),
  names: z.array(z.string()),
  /** Any account or invitee of theirs carries the FERPA directory opt-out. */
  directoryOptOut: z.boolean(),
  /** The email is on the suppression list (erased earlier). */
  erased: z.boolean(),
  groups: z.array(PersonGroup),
  /** Invitations that hold them, for links from the invitees group. */
  invitations: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
export type PersonFound = z.infer<typeof PersonFound>;

const email = z
  .string({ required_error: PRIVACY_MESSAGES.emailRequired, invalid_type_error: PRIVACY_MESSAGES.emailRequired })
  .trim()
  .min(1, PRIVACY_MESSAGES.emailRequired)
  .max(254, PRIVACY_MESSAGES.emailInvalid)
  .email(PRIVACY_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

export const ExportInput = z.object({ email });
export type ExportInput = z.input<typeof ExportInput>;

export const ErasureInput = z.object({
  email,
  reason: z
    .string({ required_error: PRIVACY_MESSAGES.reasonRequired })
    .trim()
    .min(1, PRIVACY_MESSAGES.reasonRequired)
    .max(500, 'Reason must be 500 characters or less'),
  dryRun: z.boolean({ invalid_type_error: 'Dry Run must be true or false' }).default(true),
});
export type ErasureInput = z.input<typeof ErasureInput>;

/** Rows that change (or changed) per table. */
export const ErasureChanges = z.record(z.number().int());
export type ErasureChanges = z.infer<typeof ErasureChanges>;

export const PrivacyRequest = z.object({
  id: z.number().int(),
  status: z.enum(PRIVACY_STATUSES),
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Exports: when it was downloaded (once only). */
  downloadedAt: z.string().nullable(),
  /** Erasures: rows changed per table, once Done. */
  changes: ErasureChanges.nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequest>;

/** What retention has anonymised of one invitation (its never-pledged invitees and their sends), and when. */
export const InvitationRetention = z.object({
  invitationId: z.number().int(),
  /** Null while the invitation is within INVITEE_RETENTION_DAYS of its deadline. */
  anonymisedAt: z.string().nullable(),
  invitees: z.number().int(),
  sends: z.number().int(),
});
export type InvitationRetention = z.infer<typeof InvitationRetention>;

const Created = z.object({ id: z.number().int(), status: z.enum(PRIVACY_STATUSES) });
const base = '/admin/tech/privacy';
/** Exporting a person's data is its own permission, as exporting a list is (the zip is not a CSV the kind reads). */
const exporting = { permission: 'privacy:export' } as const;

export const privacyContract = c.router(
  {
    people: {
      method: 'GET',
      path: `${base}/people`,
      query: PersonQuery,
      responses: { 200: PersonFound },
      summary: 'Everything held about one person (by email, phone or invitation code), counted per area with links',
    },
    createExport: {
      method: 'POST',
      path: `${base}/exports`,
      body: ExportInput,
      responses: { 201: Created },
      summary: "Start an export of one person's data (right of access): a job builds a zip of JSON files",
      metadata: exporting,
    },
    getExport: {
      method: 'GET',
      path: `${base}/exports/:id`,
      pathParams: IdParam,
      responses: { 200: PrivacyRequest },
      summary: "An export's status: Queued, Running, Done or Failed",
      metadata: exporting,
    },
    downloadExport: {
      method: 'GET',
      path: `${base}/exports/:id/download`,
      pathParams: IdParam,
      responses: {
        200: c.otherResponse({ contentType: 'application/zip', body: z.any().describe('The zip file') }),
        409: ErrorBody,
        410: ErrorBody,
      },
      summary: 'The export zip (a JSON file per area and README.txt); once only, within 7 days',
      metadata: exporting,
    },
    createErasure: {
      method: 'POST',
      path: `${base}/erasures`,
      body: ErasureInput,
      responses: { 200: z.object({ changes: ErasureChanges }), 201: Created },
      summary:
        'Erase one person: a dry run answers the rows each table would change; a real run starts the job (one with a payment waits for a second staff member)',
    },
    getErasure: {
      method: 'GET',
      path: `${base}/erasures/:id`,
      pathParams: IdParam,
      responses: { 200: PrivacyRequest },
      summary: "An erasure's status and, once Done, the rows changed per table",
    },
    retention: {
      method: 'GET',
      path: `${base}/retention/:id`,
      pathParams: IdParam,
      responses: { 200: InvitationRetention },
      summary:
        "What the nightly retention anonymised of one invitation (by the invitation's id) and when; the figures stay",
    },
    confirmErasure: {
      method: 'POST',
      path: `${base}/erasures/:id/confirm`,
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 200: Created, 409: ErrorBody },
      summary: 'A second staff member confirms an erasure of someone with a payment; the job starts',
    },
  },
  { metadata: meta.area('privacy') },
);
