import type { z } from 'zod';
import { listQuery, queryDate } from '../common/list.js';

// The deliverability page's list query, apart from the area's routes: see ./README.md.

/** The per-domain-and-day counts a list sorts on. */
export const DOMAIN_DAY_SORTABLE = [
  'day',
  'domain',
  'sent',
  'delivered',
  'deferred',
  'bouncedHard',
  'bouncedSoft',
  'complained',
  'opened',
] as const;

/** The range filter of the page (its list, export and chart): UTC days, both ends optional (default the last 14 days). */
export const deliverabilityRange = {
  dateFrom: queryDate.describe('First day, YYYY-MM-DD (UTC), inclusive; default 13 days before dateTo'),
  dateTo: queryDate.describe('Last day, YYYY-MM-DD (UTC), inclusive; default today (UTC)'),
};

export const DomainDayQuery = listQuery({
  sortable: DOMAIN_DAY_SORTABLE,
  defaultSort: 'day:desc,sent:desc',
  filters: deliverabilityRange,
});
export type DomainDayQuery = z.input<typeof DomainDayQuery>;
