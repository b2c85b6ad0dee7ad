import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { requiredDate } from './common/dates.js';
import { ErrorBody } from './common/error.js';
import { UploadedFile, fileRef } from './common/file.js';
import { IdParam, MAX_INT, refId } from './common/fields.js';
import { areaRoutes } from './common/area-routes.js';
import { RUN_STATUSES } from './common/audience.js';
import { InvitationListQuery } from './list-queries/invitations.js';

export * from './list-queries/invitations.js';

/**
 * An invitation's status (spec 02 §4 names Draft and DB Processing; ../shared/DOMAIN.md the rest):
 * - `Draft`: saved without a processed database, or processing failed (`statusReason` says why).
 * - `DB Processing`: the uploaded database is being read and cleaned (`countProcessed` of `countPreClean`).
 * - `Ready`: invitees are cleaned and stored; reminders and mailings can be scheduled.
 * - `Sending`: a reminder or postal mailing is running.
 * - `Completed`: the deadline has passed.
 * Delete is allowed only in Draft and DB Processing.
 */
export const INVITATION_STATUSES = ['Draft', 'DB Processing', 'Ready', 'Sending', 'Completed'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const DELETABLE_STATUSES: readonly InvitationStatus[] = ['Draft', 'DB Processing'];

/** Spec 02 §9: revenue per paid join, in dollars. */
export const REVENUE_PER_JOIN = 95;
/** Spec 02 §9: invitation dates default to this many days ahead. */
export const DEFAULT_DAYS_AHEAD = 30;
/** Spec 02 §2: clean by invite count options 2, 3, or 4 or more (default 4). */
export const CLEAN_INVITE_COUNTS = ['2', '3', '4'] as const;
export const DATABASE_FOLDER = 'private/invitations/databases';

export const INVITATION_MESSAGES = {
  saved: 'Invitation saved successfully.',
  notDeletable: 'Only a Draft or DB Processing invitation can be deleted',
  databaseLocked: 'The database cannot be changed once sending has started',
  pastDate: 'Past dates cannot be chosen',
} as const;

/** The plain verdicts of an A/B comparison (ABMetric). */
export const AB_VERDICTS = [
  'Variation leads',
  'Control leads',
  'no difference yet',
  'too few invitees to tell',
] as const;
export type AbVerdict = (typeof AB_VERDICTS)[number];

const segmentRate = z.object({
  valid: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
  rate: z.number().nullable(),
});

/**
 * Variation against Control on one rate (over valid invitees): the difference of the two rates with a 95 %
 * confidence interval (normal approximation for two proportions, z = 1.96) and a verdict: 'too few
 * invitees to tell' while a segment has under 30 valid invitees or under 5 with (or 5 without) the outcome;
 * else a lead when the interval excludes 0, 'no difference yet' when it spans 0.
 */
export const AbMetric = z.object({
  metric: z.enum(['pledgeRate', 'paidRate']),
  control: segmentRate,
  variation: segmentRate,
  difference: z.number().nullable().describe('Variation rate minus Control rate'),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  verdict: z.enum(AB_VERDICTS),
});
export type AbMetric = z.infer<typeof AbMetric>;

/** A counted share, or null when the denominator is 0 (shown as n/a, spec 02 §2). */
const rate = z.number().nullable();
const count = z.number().int();

/** A reminder or postal mailing as the invitations list shows it under its channel (spec 02 "channels with their scheduled items"). */
export const ScheduledItem = z.object({
  id: z.number().int(),
  scheduledAt: z.string(),
  /** null while not started (Scheduled). */
  status: z.enum(RUN_STATUSES).nullable(),
});
export type ScheduledItem = z.infer<typeof ScheduledItem>;
/** A channel's items: the first few by schedule (the not-started ones first) and how many there are in all. */
export const ChannelSchedule = z.object({ items: z.array(ScheduledItem), total: count });
export type ChannelSchedule = z.infer<typeof ChannelSchedule>;
/** How many of a channel's items a row of the list names. */
export const CHANNEL_ITEMS_SHOWN = 3;

export const Invitation = z.object({
  id: z.number().int(),
  chapter: z.object({ id: z.number().int(), name: z.string(), acceptingMembers: z.boolean() }),
  institution: z.object({
    id: z.number().int(),
    name: z.string(),
    abbreviation: z.string(),
    logoUrl: z.string().nullable(),
  }),
  deadline: z.string().describe('YYYY-MM-DD'),
  orientationDate: z.string().describe('YYYY-MM-DD'),
  database: UploadedFile.nullable(),
  cleanJoined: z.boolean(),
  cleanInviteCount: z.enum(CLEAN_INVITE_COUNTS).nullable(),
  deliverEmails: z.boolean(),
  deliverPostalMails: z.boolean(),
  enableTickler: z.boolean(),
  /** The email reminders and postal mailings scheduled on each channel. */
  scheduled: z.object({ emails: ChannelSchedule, postalMails: ChannelSchedule }),
  test: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  status: z.enum(INVITATION_STATUSES),
  statusReason: z.string().nullable().describe('Why processing failed (Draft after a failed database)'),
  countPreClean: count.describe('Rows read from the database file'),
  countProcessed: count.describe('Rows cleaned and stored so far'),
  countValid: count,
  countFresh: count.describe('Valid invitees invited for the first time'),
  countRemoved: count,
  countPledged: count,
  countJoined: count,
  countValidControl: count,
  countValidVariation: count,
  countPledgedControl: count,
  countPledgedVariation: count,
  countJoinedControl: count,
  countJoinedVariation: count,
  pledgeRate: rate.describe('Pledged over valid'),
  paidRate: rate.describe('RR: joined (paid) over valid'),
  revenue: z.number().describe(`Joined x ${REVENUE_PER_JOIN} dollars`),
  abResults: z
    .array(AbMetric)
    .nullable()
    .describe('With an A/B variable: Variation vs Control on pledge rate and paid rate'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

const day = (label: string) => requiredDate(label, (v) => v.slice(0, 10));

/** Spec 02 §5: what a new invitation's cleaning and delivery choices start as (the form's and the body's defaults). */
export const INVITATION_DEFAULTS = {
  cleanJoined: true,
  cleanInviteCount: '4',
  deliverEmails: true,
  deliverPostalMails: false,
  enableTickler: false,
  testId: null,
} as const;

const flag = (label: string, fallback: boolean) =>
  z.boolean({ invalid_type_error: `${label} must be true or false` }).default(fallback);

/** Create and update body (spec 02 §5 texts); the form in the browser checks the same rules. */
export const InvitationInput = z.object({
  chapterId: refId('Chapter is required'),
  institutionId: refId('Institution is required'),
  deadline: day('Deadline'),
  orientationDate: day('Orientation Date'),
  databaseId: fileRef('Database').refine((v) => v !== null, 'Database is required'),
  cleanJoined: flag('Clean Joined', INVITATION_DEFAULTS.cleanJoined),
  cleanInviteCount: z
    .enum(CLEAN_INVITE_COUNTS, { errorMap: () => ({ message: 'Clean by invite count must be 2, 3 or 4' }) })
    .nullish()
    .transform((v) => v ?? INVITATION_DEFAULTS.cleanInviteCount),
  deliverEmails: flag('Deliver Emails', INVITATION_DEFAULTS.deliverEmails),
  deliverPostalMails: flag('Deliver Postal Mails', INVITATION_DEFAULTS.deliverPostalMails),
  enableTickler: flag('Enable Tickler', INVITATION_DEFAULTS.enableTickler),
  testId: z
    .number({ invalid_type_error: 'Test is required' })
    .int('Test is required')
    .positive('Test is required')
    .max(MAX_INT, 'Test is required')
    .nullish()
    .transform((v) => v ?? INVITATION_DEFAULTS.testId),
});
export type InvitationInput = z.input<typeof InvitationInput>;

/** What the form's dry run reports for a chosen file, before anything is saved. */
export const DryRunInput = z.object({
  databaseId: fileRef('Database').refine((v) => v !== null, 'Database is required'),
  cleanJoined: flag('Clean Joined', INVITATION_DEFAULTS.cleanJoined),
  cleanInviteCount: z
    .enum(CLEAN_INVITE_COUNTS)
    .nullish()
    .transform((v) => v ?? '4'),
});
export type DryRunInput = z.input<typeof DryRunInput>;

export const DryRunResult = z.object({
  rowsRead: count,
  valid: count,
  removed: z.array(
    z.object({
      reason: z.string(),
      count,
      examples: z.array(z.object({ rowNumber: count, email: z.string() })),
    }),
  ),
});
export type DryRunResult = z.infer<typeof DryRunResult>;

/** Pledges and joins per day for one invitation (its Analytics tab), with running totals. */
export const InvitationAnalytics = z.object({
  days: z.array(
    z.object({
      day: z.string().describe('YYYY-MM-DD (UTC)'),
      pledged: count,
      joined: count,
      totalPledged: count,
      totalJoined: count,
    }),
  ),
});
export type InvitationAnalytics = z.infer<typeof InvitationAnalytics>;

const PATH = '/admin/logistics/invitations';

export const invitationsContract = c.router(
  {
    ...areaRoutes(
      PATH,
      { item: Invitation, input: InvitationInput, query: InvitationListQuery, responses: { 409: ErrorBody } },
      {
        noun: 'invitation',
        list: 'List invitations (search by id, institution or chapter; deadline range)',
        create: 'Create an invitation; with a database, its processing starts as a job (status DB Processing)',
        update: 'Update an invitation; a changed database or cleaning option processes the database again',
      },
    ),
    remove: {
      method: 'DELETE',
      path: `${PATH}/:id`,
      pathParams: IdParam,
      responses: { 204: c.noBody(), 404: ErrorBody, 409: ErrorBody },
      summary: 'Delete an invitation and its invitees (only in Draft or DB Processing)',
    },
    analytics: {
      method: 'GET',
      path: `${PATH}/:id/analytics`,
      pathParams: IdParam,
      responses: { 200: InvitationAnalytics, 404: ErrorBody },
      summary: "Pledges and joins per day of one invitation's invitees",
    },
    dryRun: {
      method: 'POST',
      path: `${PATH}/dry-run`,
      body: DryRunInput,
      responses: { 200: DryRunResult, 400: ErrorBody },
      summary: 'Read an uploaded database and report what cleaning would remove, without saving anything',
    },
  },
  { metadata: meta.area('invitations') },
);
