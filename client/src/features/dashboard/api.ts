import type { DashboardType, DashboardWindow } from '@app/contract';
import { chaptersContract, dashboardContract } from '@app/contract';
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

const chapters = areaClient({ chapters: chaptersContract }).chapters;

/**
 * The names of a chapter-scoped account's chapters (issue 35 §6: an advisor's dashboard names them), read one
 * by one (an advisor has a few); nothing is asked for an account reaching every chapter.
 */
export function useChapterNames(chapterIds: readonly number[]): string[] {
  const results = chapters.get.useQueries({
    queries: chapterIds.map((id) => ({
      queryKey: ['chapters', 'detail', id],
      queryData: { params: { id } },
      staleTime: 5 * STALE_MS,
    })),
  });
  return results.flatMap((r) => (r.data?.status === 200 ? [r.data.body.name] : []));
}
