import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { MAX_YEAR, MIN_YEAR, isSaneDate } from './common/dates.js';
import { paged, queryDate } from './common/list.js';
import { REVENUE_PER_JOIN } from './invitations.js';
import { InstitutionStatsQuery } from './list-queries/logistics-dashboard.js';

export * from './list-queries/logistics-dashboard.js';

/*
 * The logistics dashboard, stats by institution and emails scheduled per day (spec 02 §2, §3, §7, §9).
 * Every figure is read from counts the database keeps (invitation_event_counts per invitation and event,
 * kept by the invitee triggers of migration 0015; the invitations' count_valid, count_fresh, count_removed),
 * never by scanning invitees or the send log. Invitee counts are invitees, not emails: an invitee sent
 * three reminders counts once in `sent`.
 */

/** Spec 02 §9: a day with more scheduled emails than this is 'warning'... */
export const EMAILS_PER_DAY_WARNING = 100_000;
/** ...and with more than this, 'danger'; otherwise 'success'. */
export const EMAILS_PER_DAY_DANGER = 115_000;
/** Spec 02 §9: the emails-per-day range defaults to today and the 15 days after it (dateTo: dateFrom + 15). */
export const EMAILS_SCHEDULED_DEFAULT_DAYS = 15;
/** The longest emails-per-day range, in days (inclusive): a year, leap day included. */
export const EMAILS_SCHEDULED_MAX_DAYS = 366;

export const SCHEDULED_LEVELS = ['success', 'warning', 'danger'] as const;
export type ScheduledLevel = (typeof SCHEDULED_LEVELS)[number];

/**
 * A day's indicator (spec 02 §2): above 115,000 danger, above 100,000 warning, otherwise success.
 * @example scheduledLevel(100_000) // 'success'; scheduledLevel(100_001) // 'warning'; scheduledLevel(115_001) // 'danger'
 */
export function scheduledLevel(count: number): ScheduledLevel {
  if (count > EMAILS_PER_DAY_DANGER) return 'danger';
  if (count > EMAILS_PER_DAY_WARNING) return 'warning';
  return 'success';
}

/**
 * A share `part / whole`, or null when the denominator is 0 (shown as n/a, spec 02 §2).
 * @example shareOf(1, 4) // 0.25; shareOf(3, 0) // null
 */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

const count = z.number().int();

// ---------------------------------------------------------------- dashboard

/** Spec 02 §3 "Invitee stats", summed over every invitation. */
export const InviteeStats = z.object({
  emailpaids: count.describe(
    `Invitees who paid (joined); revenue is this x ${REVENUE_PER_JOIN} dollars, join rate this over countvalid`,
  ),
  emailpledges: count.describe(
    'Invitees who pledged, whether or not they have paid since (pledged and not paid + paid); pledge rate is this over countvalid',
  ),
  countvalid: count.describe('Valid (not removed) invitees after cleaning'),
  countfresh: count.describe('Valid invitees invited for the first time; freshness rate is this over countvalid'),
  countremoved: count.describe('Invitees removed by cleaning'),
  emailsent: count.describe('Invitees sent at least one invitation email'),
  emaildelivered: count.describe('Invitees with at least one delivered email; delivery rate is this over emailsent'),
  emailopened: count.describe('Invitees who opened one; open rate is this over emaildelivered'),
  emailclicked: count.describe('Invitees who clicked in one; click-through rate is this over emaildelivered'),
  emailunsub: count.describe('Invitees who unsubscribed; unsubscribe rate is this over emaildelivered'),
});
export type InviteeStats = z.infer<typeof InviteeStats>;

/** Spec 02 §3 "Email-service stats": the sending quota and its use. */
export const SesStats = z.object({
  max24HourSend: count.describe('The daily sending quota (EMAIL_DAILY_QUOTA)'),
  sentLast24Hours: count.describe(
    'Emails sent in the last 24 hours (what the quota counts); remaining is the difference',
  ),
  warmup: z
    .object({
      day: count.describe('The warm-up day, 1 on EMAIL_WARMUP_START (UTC)'),
      limit: count.describe("Today's warm-up limit: what may be sent today, below the quota"),
      sentToday: count.describe('Sent since the start of the UTC day (what the limit counts)'),
    })
    .nullable()
    .optional()
    .describe('With EMAIL_WARMUP_START, while its schedule is below the quota (issue 37 §2); else null'),
});
export type SesStats = z.infer<typeof SesStats>;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) && isSaneDate(day) ? Date.parse(`${day}T00:00:00Z`) / DAY_MS : NaN;

/** The days from `dateFrom` to `dateTo`, both included (NaN unless both are YYYY-MM-DD days). @example scheduledDayCount('2027-01-01', '2027-01-16') // 16 */
export function scheduledDayCount(dateFrom: string, dateTo: string): number {
  return dayNumber(dateTo) - dayNumber(dateFrom) + 1;
}

/**
 * What is wrong with a day range, or undefined: dateTo before dateFrom, or more than 366 days.
 * @example scheduledRangeProblem('2027-01-02', '2027-01-01') // 'dateTo must be on or after dateFrom'
 */
export function scheduledRangeProblem(dateFrom: string, dateTo: string): string | undefined {
  const days = scheduledDayCount(dateFrom, dateTo);
  if (Number.isNaN(days)) return `Dates must be days from ${MIN_YEAR}-01-01 to ${MAX_YEAR}-12-31`;
  if (days < 1) return 'dateTo must be on or after dateFrom';
  if (days > EMAILS_SCHEDULED_MAX_DAYS) return `The range must be ${EMAILS_SCHEDULED_MAX_DAYS} days or less`;
  return undefined;
}

/** Emails scheduled per day: a range of UTC days, both ends optional (defaults: today to 15 days ahead). */
export const EmailScheduledQuery = z.object({
  dateFrom: queryDate.describe(
    'First day, YYYY-MM-DD (UTC; an instant counts as its UTC day), inclusive; default today (UTC)',
  ),
  dateTo: queryDate.describe(
    `Last day, YYYY-MM-DD (UTC), inclusive; default ${EMAILS_SCHEDULED_DEFAULT_DAYS} days after dateFrom`,
  ),
});
export type EmailScheduledQuery = z.input<typeof EmailScheduledQuery>;

export const EmailScheduledDay = z.object({
  date: z.string().describe('YYYY-MM-DD (UTC)'),
  count: count.describe('Recipients of the reminders not yet started whose send is scheduled that day'),
  warmupLimit: count
    .nullable()
    .optional()
    .describe(
      "The warm-up's limit that day (EMAIL_WARMUP_START); a day over it is 'danger'. Null: no warm-up that day",
    ),
  level: z
    .enum(SCHEDULED_LEVELS)
    .describe(`danger above ${EMAILS_PER_DAY_DANGER}, warning above ${EMAILS_PER_DAY_WARNING}, else success`),
});
export type EmailScheduledDay = z.infer<typeof EmailScheduledDay>;

export const EmailScheduled = z.object({
  dateFrom: z.string().describe('The first day answered (the default filled in)'),
  dateTo: z.string().describe('The last day answered'),
  days: z.array(EmailScheduledDay).describe('Every day of the range, in order, days without reminders counting 0'),
});
export type EmailScheduled = z.infer<typeof EmailScheduled>;

// ---------------------------------------------------------------- stats by institution

const ratio = z.number().nullable();

/**
 * Spec 02 §3 "Stats by institution row": one row per institution and deadline, summing that
 * institution's invitations with that deadline (usually one). Counts are invitees; each ratio is null
 * when its denominator is 0.
 */
export const InstitutionStatsRow = z.object({
  institution_id: count,
  institution_name: z.string(),
  institution_abbr: z.string(),
  institution_logo: z.string().nullable().describe('The logo URL'),
  deadline: z.string().describe('YYYY-MM-DD'),
  ratio_pledged: ratio.describe('Pledge rate: count_pledged over valid invitees'),
  count_pledged: count.describe('Invitees who pledged, whether or not they have paid since'),
  ratio_joined: ratio.describe('RR (paid rate): count_joined over valid invitees'),
  count_joined: count.describe('Invitees who paid'),
  ratio_sent: ratio.describe('Delivery rate: delivered over count_sent'),
  count_sent: count.describe('Invitees sent at least one email'),
  ratio_opened: ratio.describe('Open rate: count_opened over delivered'),
  count_opened: count,
  ratio_ctr: ratio.describe('Click-through rate: count_clicked over delivered'),
  count_clicked: count,
});
export type InstitutionStatsRow = z.infer<typeof InstitutionStatsRow>;

const DASHBOARD = '/admin/logistics/dashboard';

export const logisticsDashboardContract = c.router(
  {
    inviteeStats: {
      method: 'GET',
      path: `${DASHBOARD}/invitee-stats`,
      responses: { 200: InviteeStats },
      summary: 'Pledges, joins, database and email counts over every invitation (the logistics dashboard)',
    },
    sesStats: {
      method: 'GET',
      path: `${DASHBOARD}/ses-stats`,
      responses: { 200: SesStats },
      summary:
        "The daily email quota and what was sent in the last 24 hours: the SES account's own (GetAccount) with EMAIL_PROVIDER=ses, else EMAIL_DAILY_QUOTA and the send log",
    },
    emailScheduled: {
      method: 'GET',
      path: `${DASHBOARD}/email-scheduled`,
      query: EmailScheduledQuery,
      responses: { 200: EmailScheduled, 400: ErrorBody },
      summary: 'Invitation emails scheduled per UTC day, with a level per day',
      description:
        'Each reminder not yet started (sendStartedAt empty) counts the valid invitees of its invite-count bucket and test segment ' +
        '(before suppression at send time) on the UTC day of its sendScheduledAt. Ranges are whole UTC days, at most ' +
        `${EMAILS_SCHEDULED_MAX_DAYS} of them; dateTo before dateFrom is refused.`,
    },
    byInstitution: {
      method: 'GET',
      path: '/admin/logistics/stats-by-institution',
      query: InstitutionStatsQuery,
      responses: { 200: paged(InstitutionStatsRow) },
      summary:
        'Pledge, paid, delivery, open and click rates per institution and deadline (search by institution name or abbreviation)',
    },
  },
  { metadata: meta.area('logisticsStats') },
);
