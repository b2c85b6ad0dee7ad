import { z } from 'zod';
import { InstitutionStatsQuery, isSaneDate } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The stats-by-institution list's URL state: the contract's own list query, URL-tolerant. */
export const institutionStatsSearch = listSearchSchema(InstitutionStatsQuery);

// A day the API accepts, or nothing (the server's default): a bad value in the address is dropped.
const day = z
  .unknown()
  .transform((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && isSaneDate(v) ? v : undefined));

/** Emails per day: dateFrom and dateTo in the URL; absent, the server answers today to 15 days ahead. */
export const emailsScheduledSearch = z.object({ dateFrom: day, dateTo: day });
export type EmailsScheduledSearch = z.output<typeof emailsScheduledSearch>;
