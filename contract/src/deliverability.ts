import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { listRoute, exportRoute } from './common/area-routes.js';
import { queryText } from './common/list.js';
import { DomainDayQuery, deliverabilityRange } from './list-queries/deliverability.js';

export * from './list-queries/deliverability.js';

/*
 * The deliverability page /admin/logistics/deliverability (issue 37 §4, §6): per recipient domain and UTC day
 * what was sent and what became of it, the domain's pacing now, the warm-up, a chart over time, and the sending
 * domain's DNS check. Counts are read from email_domain_days (migration 0037e), kept per domain and day as events
 * arrive, never by scanning the events.
 */

const count = z.number().int();

/** A domain's pacing now: normal, slowed (deferred lately, rate lowered), paused (deferring every message: held), given up. */
export const DOMAIN_STATES = ['normal', 'slowed', 'paused', 'given_up'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

export const DomainDayRow = z.object({
  domain: z.string().describe('The recipient domain (the part after @, lower case)'),
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  sent: count.describe('Sends accepted that day (SMTP or outbox)'),
  delivered: count.describe('Sends the provider reported delivered that day'),
  deferred: count.describe('Deferrals: 4xx answers to RCPT that day, and sends the provider reported deferred'),
  bouncedHard: count,
  bouncedSoft: count,
  complained: count.describe('Spam complaints'),
  opened: count.describe('Sends opened by a person (machine opens left out)'),
  budget: z
    .string()
    .nullable()
    .describe('The pacing budget it shares (its mail host: microsoft, google, ...), null if never tried'),
  state: z.enum(DOMAIN_STATES).describe("The pacing state now (not that day's)"),
  ratePerMinute: z.number().nullable().describe('The current rate, messages a minute; null: uncapped'),
});
export type DomainDayRow = z.infer<typeof DomainDayRow>;

export const DeliverabilityDay = z.object({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  sent: count,
  delivered: count,
  deferred: count,
  bounced: count.describe('Hard and soft bounces'),
  complained: count,
  opened: count,
});
export type DeliverabilityDay = z.infer<typeof DeliverabilityDay>;

/** The warm-up now (EMAIL_WARMUP_START set and its schedule not yet at the quota). */
export const WarmupNow = z.object({
  start: z.string().describe('EMAIL_WARMUP_START, YYYY-MM-DD'),
  day: count.describe('The warm-up day, 1 on the start date (UTC); 0 before it'),
  limit: count.describe("Today's limit: sends beyond it wait for the next day"),
  sentToday: count.describe('Sent since the start of the UTC day'),
});
export type WarmupNow = z.infer<typeof WarmupNow>;

export const DeliverabilityOverviewQuery = z.object({ ...deliverabilityRange, search: queryText });
export type DeliverabilityOverviewQuery = z.input<typeof DeliverabilityOverviewQuery>;

export const DeliverabilityOverview = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  days: z
    .array(DeliverabilityDay)
    .describe('Every day of the range in order, over the domains searched (all by default)'),
  warmup: WarmupNow.nullable().describe('Null when EMAIL_WARMUP_START is unset or the schedule has reached the quota'),
  dailyQuota: count.describe('EMAIL_DAILY_QUOTA'),
  domains: z.object({ slowed: count, paused: count, givenUp: count }).describe('Domains in each state now'),
});
export type DeliverabilityOverview = z.infer<typeof DeliverabilityOverview>;

export const DnsRecordCheck = z.object({
  name: z.enum(['SPF', 'DKIM', 'DMARC']),
  host: z.string().nullable().describe('The name looked up; null when there is nothing to look up (no DKIM_SELECTOR)'),
  ok: z.boolean(),
  record: z.string().nullable().describe('The record found'),
  problem: z.string().nullable().describe('What is missing or wrong; null when it passes'),
});
export const DnsCheck = z.object({
  domain: z.string().describe('The sending domain: DKIM_DOMAIN, else EMAIL_DOMAIN'),
  checkedAt: z.string(),
  ok: z.boolean().describe('SPF, DKIM and DMARC all pass'),
  records: z.array(DnsRecordCheck),
});
export type DnsCheck = z.infer<typeof DnsCheck>;

/** The hosting organisations whose domains share one pacing budget (server/src/services/deliverability/budgets.ts). */
export const DOMAIN_GROUPS = {
  google: 'Google (Gmail, Google Workspace)',
  microsoft: 'Microsoft (Outlook, Microsoft 365)',
  yahoo: 'Yahoo (Yahoo, AOL)',
} as const;
export type DomainGroup = keyof typeof DOMAIN_GROUPS;
export const isDomainGroup = (name: string): name is DomainGroup => Object.hasOwn(DOMAIN_GROUPS, name);

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** The most messages a minute a cap may say (a million: far past what any pass sends one domain). */
export const MAX_DOMAIN_CAP = 1_000_000;

export const DomainCapName = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (n) => isDomainGroup(n) || HOSTNAME.test(n),
    'Give a recipient domain (e.g. state.edu) or a mail host: google, microsoft or yahoo',
  );
export const DomainCapBody = z.object({
  perMinute: z
    .number({ message: 'The cap must be a number of messages a minute' })
    .int('The cap must be a whole number of messages a minute')
    .min(1, 'The cap must be at least 1 message a minute')
    .max(MAX_DOMAIN_CAP, `The cap must be at most ${MAX_DOMAIN_CAP.toLocaleString('en-US')} messages a minute`),
});
export type DomainCapBody = z.infer<typeof DomainCapBody>;

export const DomainCap = z.object({
  name: z.string().describe("A recipient domain, or a mail host's budget: google, microsoft or yahoo"),
  perMinute: count.describe('Messages a minute'),
  updatedAt: z.string(),
});
export type DomainCap = z.infer<typeof DomainCap>;

export const DomainCaps = z.object({
  caps: z.array(DomainCap).describe('By name'),
  defaultPerMinute: z.number().nullable().describe('EMAIL_DOMAIN_RATE: the cap of every other domain; null: uncapped'),
});
export type DomainCaps = z.infer<typeof DomainCaps>;

/** The longest warm-up table (a year of days). */
export const MAX_WARMUP_DAYS = 366;

export const WarmupScheduleBody = z.object({
  limits: z
    .array(
      z
        .number({ message: "A day's limit must be a number of emails" })
        .int("A day's limit must be a whole number of emails")
        .min(1, "A day's limit must be at least 1 email"),
    )
    .min(1, 'Give at least one day')
    .max(MAX_WARMUP_DAYS, `Give at most ${MAX_WARMUP_DAYS} days`),
});
export type WarmupScheduleBody = z.infer<typeof WarmupScheduleBody>;

export const WarmupSchedule = z.object({
  limits: z.array(count).describe("The day's limit on day 1, 2, ...; past the last day the quota applies"),
  isDefault: z.boolean().describe('True: the computed table (500, doubling every day, below the quota), never edited'),
  defaultLimits: z.array(count).describe('The computed table, what a reset returns to'),
  dailyQuota: count.describe('EMAIL_DAILY_QUOTA: no day may be above it'),
  start: z.string().nullable().describe('EMAIL_WARMUP_START (day 1), null when unset: the table is not used'),
  updatedAt: z.string().nullable(),
});
export type WarmupSchedule = z.infer<typeof WarmupSchedule>;

const PATH = '/admin/logistics/deliverability';

export const deliverabilityContract = c.router(
  {
    domainDays: listRoute(
      `${PATH}/domain-days`,
      DomainDayQuery,
      DomainDayRow,
      "Sent, delivered, deferred, bounced, complained and opened per recipient domain and UTC day, with each domain's pacing now",
    ),
    exportDomainDays: exportRoute(
      `${PATH}/domain-days/export`,
      DomainDayQuery,
      "The per-domain-and-day counts as CSV, with the list's range, search and sort",
    ),
    overview: {
      method: 'GET',
      path: `${PATH}/overview`,
      query: DeliverabilityOverviewQuery,
      responses: { 200: DeliverabilityOverview, 400: ErrorBody },
      summary:
        'The counts per day over the range (the chart), the warm-up now and how many domains are slowed, paused or given up',
    },
    dnsCheck: {
      method: 'GET',
      path: `${PATH}/dns-check`,
      responses: { 200: z.object({ check: DnsCheck.nullable() }) },
      summary:
        "The latest check of the sending domain's SPF, DKIM and DMARC records (daily and on demand); null before the first",
    },
    runDnsCheck: {
      method: 'POST',
      path: `${PATH}/dns-check`,
      body: c.noBody(),
      responses: { 200: DnsCheck },
      summary:
        "Looks up the sending domain's SPF, DKIM and DMARC records now (node's resolver; DNS_SERVER when set) and keeps the result",
    },
    domainCaps: {
      method: 'GET',
      path: `${PATH}/domain-caps`,
      responses: { 200: DomainCaps },
      summary: 'The caps set per recipient domain or mail host (messages a minute), and EMAIL_DOMAIN_RATE for the rest',
    },
    saveDomainCap: {
      method: 'PUT',
      path: `${PATH}/domain-caps/:name`,
      pathParams: z.object({ name: DomainCapName }),
      body: DomainCapBody,
      responses: { 200: DomainCap, 400: ErrorBody },
      summary:
        "Sets or changes a domain's cap (audited): it wins over EMAIL_DOMAIN_RATE; a domain capped on its own is paced apart from its mail host's budget. Delivery passes read it within seconds",
    },
    removeDomainCap: {
      method: 'DELETE',
      path: `${PATH}/domain-caps/:name`,
      pathParams: z.object({ name: DomainCapName }),
      body: c.noBody(),
      responses: { 204: c.noBody(), 400: ErrorBody, 404: ErrorBody },
      summary: "Removes a domain's cap (audited): EMAIL_DOMAIN_RATE applies again, or none",
    },
    warmupSchedule: {
      method: 'GET',
      path: `${PATH}/warmup-schedule`,
      responses: { 200: WarmupSchedule },
      summary: "The warm-up table: each day's limit from EMAIL_WARMUP_START, edited or the computed default",
    },
    saveWarmupSchedule: {
      method: 'PUT',
      path: `${PATH}/warmup-schedule`,
      body: WarmupScheduleBody,
      responses: { 200: WarmupSchedule, 400: ErrorBody },
      summary:
        'Replaces the warm-up table (audited): whole numbers of at least 1, none above EMAIL_DAILY_QUOTA; they need not grow. Used by delivery, the quota card, the projection and emails per day',
    },
    resetWarmupSchedule: {
      method: 'DELETE',
      path: `${PATH}/warmup-schedule`,
      body: c.noBody(),
      responses: { 200: WarmupSchedule },
      summary: 'Returns the warm-up table to the computed default (audited)',
    },
  },
  { metadata: meta.area('deliverability') },
);
