import { sql } from 'kysely';
import {
  dayWindows,
  seasonToDateWindows,
  type CountRow,
  type DashboardType,
  type DayWindow,
  type MonthRow,
  type SeasonRow,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { dailyCounts } from '../../services/auth/chapter-scope.js';

/*
 * Every count reads dashboard_daily_counts (one row per kind and UTC day, kept by triggers on accounts,
 * migration 0007), never the accounts themselves: a few hundred rows per call whatever the number of
 * members. The windows come from the contract's pure functions, so server and client agree on them.
 * A chapter-scoped caller reads the same counts per chapter (chapter_daily_counts, migration 0036c), summed
 * over its chapters.
 */

/** The count of each window (inclusive UTC days), in the windows' order, in one statement. */
async function countInWindows(db: Db, type: DashboardType, windows: DayWindow[]): Promise<number[]> {
  // A correlated sum per window: one primary-key range scan each (a join would scan every day of the kind).
  const { rows } = await sql<{ count: number }>`
    select (
      select coalesce(sum(d.count), 0)::int from ${dailyCounts()} d
      where d.kind = ${type} and d.day between w.from_day and w.to_day
    ) as count
    from unnest(${windows.map((w) => w.from)}::date[], ${windows.map((w) => w.to)}::date[]) with ordinality as w(from_day, to_day, i)
    order by w.i`.execute(db);
  return rows.map((r) => r.count);
}

/** Ten rolling windows of `days` days, period_ago '0' (ending today) to '9'. */
export async function countPerDays(db: Db, type: DashboardType, days: number, now: Date): Promise<CountRow[]> {
  const windows = dayWindows(now, days);
  const counts = await countInWindows(db, type, windows);
  return windows.map((w, i) => ({ period_ago: w.period_ago, count: counts[i]! }));
}

/** The current season to date, then the same season of the 9 years before, each to the same day. */
export async function countSeasonToDate(db: Db, type: DashboardType, now: Date): Promise<SeasonRow[]> {
  const windows = seasonToDateWindows(now);
  const counts = await countInWindows(db, type, windows);
  return windows.map((w, i) => ({ season: w.season, year: w.year, count: counts[i]! }));
}

/** Twelve rows per year, from the first year with data to the last; months without data count 0. */
export async function countPerMonth(db: Db, type: DashboardType): Promise<MonthRow[]> {
  const { rows } = await sql<MonthRow>`
    select extract(year from day)::int as year, extract(month from day)::int as month, sum(count)::int as count
    from ${dailyCounts()} d
    where kind = ${type}
    group by 1, 2
    having sum(count) <> 0
    order by 1, 2`.execute(db);
  if (!rows.length) return [];
  const counts = new Map(rows.map((r) => [`${r.year}-${r.month}`, r.count]));
  const first = rows[0]!.year;
  const last = rows.at(-1)!.year;
  return Array.from({ length: (last - first + 1) * 12 }, (_, i) => {
    const year = first + Math.floor(i / 12);
    const month = (i % 12) + 1;
    return { year, month, count: counts.get(`${year}-${month}`) ?? 0 };
  });
}
