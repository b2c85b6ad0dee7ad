import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { inviteCountBucket, scheduledHour, testSegment, RUN_STATUSES } from './common/audience.js';
import { ErrorBody } from './common/error.js';
import { idNumber, refId } from './common/fields.js';
import { paged, queryDate } from './common/list.js';
import { listRoute } from './common/area-routes.js';
import { SendTestEmailInput, SentTestEmail } from './email-templates.js';
import { AllInvitationEmailsQuery, InvitationEmailListQuery } from './list-queries/reminders.js';

export * from './list-queries/reminders.js';

export const REMINDER_MESSAGES = {
  saved: 'Email Reminder saved successfully.',
  templateRequired: 'Template is required',
  started: 'A reminder cannot be changed or deleted once its sending has started',
  noEmails: 'This invitation does not deliver emails',
  invitationEmailRequired: 'Invitation Email is required',
} as const;

/**
 * A rate's level, decided on the server, that sets its colour: `good` (green), `fair` (yellow), `poor`
 * (red), `none` (no denominator yet: shown as n/a). Thresholds (RATE_THRESHOLDS) follow common
 * email-industry norms: mailbox providers ask senders to keep spam complaints under 0.3 % (ideally
 * 0.1 %) and hard bounces under 2 %; deliverability under 95 % or more than 1 % rejected points at a
 * list or reputation problem; education-sector opens of 20 % and clicks of 2.5 % of delivered are typical.
 */
export const RATE_LEVELS = ['good', 'fair', 'poor', 'none'] as const;
export type RateLevel = (typeof RATE_LEVELS)[number];

/** Per rate: `higher` is better or worse, and the good / fair limits (a share from 0 to 1). */
export const RATE_THRESHOLDS = {
  deliveryRate: { better: 'higher', good: 0.95, fair: 0.9 },
  deferredRate: { better: 'lower', good: 0.05, fair: 0.1 },
  rejectedRate: { better: 'lower', good: 0.01, fair: 0.02 },
  openRate: { better: 'higher', good: 0.2, fair: 0.1 },
  clickThruRate: { better: 'higher', good: 0.025, fair: 0.01 },
  bouncedHardRate: { better: 'lower', good: 0.02, fair: 0.05 },
  spamRate: { better: 'lower', good: 0.001, fair: 0.003 },
  unsubRate: { better: 'lower', good: 0.005, fair: 0.01 },
} as const satisfies Record<string, { better: 'higher' | 'lower'; good: number; fair: number }>;
export type RateName = keyof typeof RATE_THRESHOLDS;
export const RATE_NAMES = Object.keys(RATE_THRESHOLDS) as RateName[];

/**
 * The level of a rate: at or past its `good` limit is good, at or past `fair` is fair, else poor; no rate is none.
 * @example rateLevel('spamRate', 0.002) // 'fair'
 */
export function rateLevel(name: RateName, rate: number | null): RateLevel {
  if (rate === null) return 'none';
  const t = RATE_THRESHOLDS[name];
  const atLeast = (limit: number) => (t.better === 'higher' ? rate >= limit : rate <= limit);
  return atLeast(t.good) ? 'good' : atLeast(t.fair) ? 'fair' : 'poor';
}

const count = z.number().int().nonnegative();
const rate = z.number().nullable();
const level = z.enum(RATE_LEVELS);

/** Totals of a reminder's sends (spec 02 §3), counted from the send log and its provider events. */
export const ReminderTotals = z.object({
  totalSent: count.describe('Accepted by the SMTP server'),
  totalDelivered: count,
  totalOpened: count.describe('Opened by a person (privacy-proxy opens are not counted)'),
  totalClicked: count,
  totalBouncedHard: count,
  totalSpam: count,
  totalUnsub: count,
  totalDeferred: count,
  totalRejected: count,
  totalSuppressed: count.describe('Not sent: the address is blocked'),
  totalFailed: count.describe('Refused by the SMTP server or given up after retries'),
});

/**
 * Rates with their levels. Denominators: delivery, deferred, rejected and hard-bounce rates over sent;
 * open, click-through, spam and unsubscribe rates over delivered. Null (n/a) when the denominator is 0.
 */
export const ReminderRates = z.object({
  deliveryRate: rate,
  deliveryRateLevel: level,
  deferredRate: rate,
  deferredRateLevel: level,
  rejectedRate: rate,
  rejectedRateLevel: level,
  openRate: rate,
  openRateLevel: level,
  clickThruRate: rate,
  clickThruRateLevel: level,
  bouncedHardRate: rate,
  bouncedHardRateLevel: level,
  spamRate: rate,
  spamRateLevel: level,
  unsubRate: rate,
  unsubRateLevel: level,
});

/**
 * A scheduled email reminder of an invitation (spec 02 §3). `sendStatus`: null until its hour comes
 * (editable and deletable), then 'In Progress' (sendStartedAt set; no more edits), then 'Success' (every
 * recipient handed to the mail module; shown as Sent) or 'Failed' (sendStatusReason says why).
 */
export const InvitationEmail = z
  .object({
    id: z.number().int(),
    invitationId: z.number().int(),
    template: z.object({ id: z.number().int(), name: z.string(), subject: z.string() }),
    sendScheduledAt: z.string(),
    inviteCount: inviteCountBucket,
    testValue: testSegment,
    sendStartedAt: z.string().nullable(),
    sendStatus: z.enum(RUN_STATUSES).nullable(),
    sendStatusReason: z.string().nullable(),
    recipients: count.nullable().describe('Invitees the send selected (set when it starts)'),
    projectedRecipients: count.describe(
      'Valid invitees of the bucket and segment now (before suppression at send time)',
    ),
    invitation: z.object({
      id: z.number().int(),
      institutionName: z.string(),
      chapterName: z.string(),
      testName: z.string().nullable(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .merge(ReminderTotals)
  .merge(ReminderRates);
export type InvitationEmail = z.infer<typeof InvitationEmail>;

const templateId = refId(REMINDER_MESSAGES.templateRequired);

/**
 * Add and edit body (spec 02 §5). The template (`templateId`, or `template` as its id or `{id}`) must be
 * an enabled Invitation template; sendScheduledAt is an hour not yet over.
 */
export const InvitationEmailInput = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object' || 'templateId' in raw) return raw;
    const { template, ...rest } = raw as { template?: unknown };
    const id = template && typeof template === 'object' ? (template as { id?: unknown }).id : template;
    return id === undefined ? rest : { ...rest, templateId: id };
  },
  z.object({
    templateId,
    sendScheduledAt: scheduledHour('Send Scheduled At'),
    inviteCount: inviteCountBucket,
    testValue: testSegment,
  }),
);
export type InvitationEmailInput = z.input<typeof InvitationEmailInput> & {
  templateId: number;
  sendScheduledAt: string;
  inviteCount?: z.input<typeof inviteCountBucket>;
  testValue?: z.input<typeof testSegment>;
};

/** Spec 02 §3 weekly email stats: reminders scheduled in each week (Monday, UTC), with their rates. */
export const WeeklyEmailStats = z.object({
  weeks: z.array(
    z.object({
      week: z.string().describe('The Monday starting the week, YYYY-MM-DD (UTC)'),
      totalSent: count,
      totalDelivered: count,
      totalOpened: count,
      totalClicked: count,
      deliveredRate: rate.describe('Delivered over sent'),
      openedRate: rate.describe('Opened over delivered'),
      clickThruRate: rate.describe('Clicked over delivered'),
    }),
  ),
});
export type WeeklyEmailStats = z.infer<typeof WeeklyEmailStats>;
export const WeeklyEmailStatsQuery = z.object({ dateFrom: queryDate, dateTo: queryDate });

/** What saving a reminder would do to its day's sending (the form shows it before the save). */
export const ReminderProjectionQuery = z.object({
  sendScheduledAt: z
    .string()
    .trim()
    .min(1, 'Send Scheduled At is required')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Send Scheduled At must be a date'),
  inviteCount: inviteCountBucket,
  testValue: testSegment,
  /** The reminder being edited: left out of the day's other reminders. */
  excludeId: idNumber('excludeId').optional(),
});
export type ReminderProjectionQuery = z.input<typeof ReminderProjectionQuery>;
export const ReminderProjection = z.object({
  recipients: count.describe('Valid invitees of the bucket and segment now (before suppression)'),
  day: z.string().describe('The UTC day of sendScheduledAt, YYYY-MM-DD'),
  dayScheduled: count.describe("Recipients of the day's other not-started reminders"),
  dailyQuota: count.describe("What may be sent that day: the daily quota, or the warm-up's limit that day when lower"),
  warmupDay: count
    .nullable()
    .optional()
    .describe('The warm-up day (EMAIL_WARMUP_START) that dailyQuota is the limit of; null: the quota applies'),
  overQuota: z.boolean().describe('The day with this reminder is over what may be sent that day'),
  projectedFinishAt: z
    .string()
    .describe(
      "When the last of its emails is expected out: at the sending rate, after the day's other reminders, waiting a day for each quota's worth beyond the first",
    ),
});
export type ReminderProjection = z.infer<typeof ReminderProjection>;

const InvitationParam = z.object({ id: idNumber('id') });
const ReminderParams = z.object({ id: idNumber('id'), emailId: idNumber('emailId') });
const InviteeTestParams = ReminderParams.extend({ inviteeId: idNumber('inviteeId') });
const PATH = '/admin/logistics/invitations/:id/emails';

/** An invitee test send: the invitation email (reminder) whose template is rendered for the invitee. */
export const InviteeTestEmailInput = SendTestEmailInput.pick({ toEmail: true });

export const remindersContract = c.router(
  {
    listAll: listRoute(
      '/admin/logistics/invitation-emails',
      AllInvitationEmailsQuery,
      InvitationEmail,
      'List every email reminder (scheduled in dateFrom..dateTo; search by template, institution or chapter)',
    ),
    weeklyStats: {
      method: 'GET',
      path: '/admin/logistics/invitation-emails/stats',
      query: WeeklyEmailStatsQuery,
      responses: { 200: WeeklyEmailStats, 400: ErrorBody },
      summary: 'Weekly totals and rates of reminders (default: the last 12 weeks)',
    },
    list: {
      method: 'GET',
      path: PATH,
      pathParams: InvitationParam,
      query: InvitationEmailListQuery,
      responses: { 200: paged(InvitationEmail), 404: ErrorBody },
      summary: "An invitation's email reminders",
    },
    create: {
      method: 'POST',
      path: PATH,
      pathParams: InvitationParam,
      body: InvitationEmailInput,
      responses: { 201: InvitationEmail, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      summary: 'Schedule an email reminder',
    },
    update: {
      method: 'PUT',
      path: `${PATH}/:emailId`,
      pathParams: ReminderParams,
      body: InvitationEmailInput,
      responses: { 200: InvitationEmail, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      summary: 'Change a reminder that has not started',
    },
    remove: {
      method: 'DELETE',
      path: `${PATH}/:emailId`,
      pathParams: ReminderParams,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody, 409: ErrorBody },
      summary: 'Delete a reminder that has not started',
    },
    projection: {
      method: 'GET',
      path: `${PATH}/projection`,
      pathParams: InvitationParam,
      query: ReminderProjectionQuery,
      responses: { 200: ReminderProjection, 400: ErrorBody, 404: ErrorBody },
      summary:
        "What a reminder at this hour would add to its day: recipients, the day's total against the daily quota, and the projected finish",
    },
    sendInviteeTest: {
      method: 'POST',
      path: `${PATH}/:emailId/invitees/:inviteeId/send-test-email`,
      pathParams: InviteeTestParams,
      body: InviteeTestEmailInput,
      responses: { 200: SentTestEmail, 404: ErrorBody, 409: ErrorBody },
      summary: "Send the reminder's template, rendered for the invitee, to toEmail",
    },
  },
  { metadata: meta.area('invitationEmails') },
);
