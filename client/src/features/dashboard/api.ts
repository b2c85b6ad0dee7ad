import type { DashboardType, DashboardWindow } from '@app/contract';
import { dashboardContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ dashboard: dashboardContract });

/** Query keys of the dashboard area. */
export const dashboardQueries = {
  all: ['dashboard'] as const,
  perDays: (type: DashboardType, days: DashboardWindow) => ['dashboard', type, 'per-days', days] as const,
  seasonToDate: (type: DashboardType) => ['dashboard', type, 'season-to-date'] as const,
  perMonth: (type: DashboardType) => ['dashboard', type, 'per-month'] as const,
};

// Counts move slowly: a minute is fresh enough, and the page does not refetch while it stays open.
const STALE_MS = 60_000;

export function usePerDays(type: DashboardType, days: DashboardWindow) {
  return tsr.dashboard.perDays.useQuery({
    queryKey: dashboardQueries.perDays(type, days),
    queryData: { params: { type, days: String(days) as `${DashboardWindow}` } },
    staleTime: STALE_MS,
  });
}

export function useSeasonToDate(type: DashboardType) {
  return tsr.dashboard.seasonToDate.useQuery({
    queryKey: dashboardQueries.seasonToDate(type),
    queryData: { params: { type } },
    staleTime: STALE_MS,
  });
}

export function usePerMonth(type: DashboardType) {
  return tsr.dashboard.perMonth.useQuery({
    queryKey: dashboardQueries.perMonth(type),
    queryData: { params: { type } },
    staleTime: STALE_MS,
  });
}
