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
  },
  { metadata: meta.area('deliverability') },
);
