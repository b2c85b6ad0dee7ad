import { keepPreviousData } from '@tanstack/react-query';
import { InstitutionStatsQuery, logisticsDashboardContract, type EmailScheduledQuery } from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ logisticsStats: logisticsDashboardContract });

/** Query keys of the logistics statistics (under 'invitations': a change to invitations refreshes them). */
export const logisticsQueries = {
  all: ['invitations', 'logistics-dashboard'] as const,
  inviteeStats: ['invitations', 'logistics-dashboard', 'invitee-stats'] as const,
  sesStats: ['invitations', 'logistics-dashboard', 'ses-stats'] as const,
  emailScheduled: (query: EmailScheduledQuery) =>
    ['invitations', 'logistics-dashboard', 'email-scheduled', query] as const,
};

// Counts move with sends and joins: a minute is fresh enough for a dashboard.
const STALE_MS = 60_000;

export function useInviteeStats() {
  return tsr.logisticsStats.inviteeStats.useQuery({ queryKey: logisticsQueries.inviteeStats, staleTime: STALE_MS });
}

export function useSesStats() {
  return tsr.logisticsStats.sesStats.useQuery({ queryKey: logisticsQueries.sesStats, staleTime: STALE_MS });
}

export function useEmailScheduled(query: EmailScheduledQuery) {
  return tsr.logisticsStats.emailScheduled.useQuery({
    queryKey: logisticsQueries.emailScheduled(query),
    queryData: { query },
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

/** Stats by institution: the paged list (GET /api/admin/logistics/stats-by-institution). */
export const institutionStatsArea = createArea(
  ['invitations', 'stats-by-institution'],
  { list: tsr.logisticsStats.byInstitution },
  { listQuery: InstitutionStatsQuery },
);
