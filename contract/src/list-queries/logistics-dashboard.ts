import type { z } from 'zod';
import { listQuery, queryDate } from '../common/list.js';

// The stats-by-institution list's query, apart from the area's routes: see ./README.md.

export const INSTITUTION_STATS_SORTABLE = [
  'institution_name',
  'deadline',
  'ratio_pledged',
  'ratio_joined',
  'ratio_sent',
  'ratio_opened',
  'ratio_ctr',
] as const;

export const InstitutionStatsQuery = listQuery({
  sortable: INSTITUTION_STATS_SORTABLE,
  defaultSort: 'deadline:desc',
  filters: {
    deadlineFrom: queryDate.describe('First deadline, YYYY-MM-DD, inclusive'),
    deadlineTo: queryDate.describe('Last deadline, YYYY-MM-DD, inclusive'),
  },
});
export type InstitutionStatsQuery = z.input<typeof InstitutionStatsQuery>;
