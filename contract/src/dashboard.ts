import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';

/**
 * Dashboard (spec 01 §2, §3, §7, §9). "joins" count accounts by `memberAt`, "pledges" by `pledgedAt`.
 * All arithmetic is in whole UTC calendar days; the pure functions below are shared by the server (which
 * counts) and the client (which compares and formats).
 */
export const DASHBOARD_TYPES = ['joins', 'pledges'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];
export const DASHBOARD_WINDOWS = [7, 30] as const;
export type DashboardWindow = (typeof DASHBOARD_WINDOWS)[number];
/** Points of a card's sparkline (spec 01 §9). */
export const SPARKLINE_PERIODS = 10;
export const SEASONS = ['Spring', 'Fall'] as const;
export type Season = (typeof SEASONS)[number];

// ---------------------------------------------------------------- days and seasons (UTC)

const DAY_MS = 86_400_000;

/** An inclusive range of UTC calendar days, as YYYY-MM-DD. */
export type DayWindow = { from: string; to: string };
export type SeasonOfYear = { season: Season; year: number };

/** The UTC calendar day of an instant. @example utcDay(new Date('2027-01-03T23:30:00Z')) // '2027-01-03' */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A day moved by whole days. @example addDays('2027-01-03', -7) // '2026-12-27' */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/**
 * The same calendar day some years earlier; 29 February becomes 28 February in a common year.
 * @example sameDayYearsBefore('2028-02-29', 1) // '2027-02-28'
 */
export function sameDayYearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastOfMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastOfMonth)).padStart(2, '0')}`;
}

/** Spring is January to June, Fall July to December (spec 01 §9: "Spring before July, otherwise Fall"), in UTC. */
export function seasonOf(at: Date): SeasonOfYear {
  return { season: at.getUTCMonth() < 6 ? 'Spring' : 'Fall', year: at.getUTCFullYear() };
}

/** The first day of a season. @example seasonStart({ season: 'Fall', year: 2026 }) // '2026-07-01' */
export function seasonStart({ season, year }: SeasonOfYear): string {
  return `${year}-${season === 'Spring' ? '01' : '07'}-01`;
}

/**
 * Season to date and the same season of earlier years up to the same calendar day: index 0 is the
 * current season from its first day to today, index 1 the same season a year before to the same day
 * (the card's comparison), and so on back `count - 1` years (the sparkline).
 * @example seasonToDateWindows(new Date('2027-01-03T10:00:00Z'), 2)
 * // [{ season: 'Spring', year: 2027, from: '2027-01-01', to: '2027-01-03' },
 * //  { season: 'Spring', year: 2026, from: '2026-01-01', to: '2026-01-03' }]
 */
export function seasonToDateWindows(now: Date, count = SPARKLINE_PERIODS): Array<SeasonOfYear & DayWindow> {
  const current = seasonOf(now);
  const today = utcDay(now);
  return Array.from({ length: count }, (_, i) => {
    const s = { season: current.season, year: current.year - i };
    return { ...s, from: seasonStart(s), to: sameDayYearsBefore(today, i) };
  });
}

/**
 * Rolling windows of `days` whole UTC days: `period_ago` '0' is today and the `days - 1` days before it
 * (the card's current period), '1' the `days` days before that (the card's previous period), and so on
 * to `count - 1` (the sparkline).
 * @example dayWindows(new Date('2027-01-03T10:00:00Z'), 7, 2)
 * // [{ period_ago: '0', from: '2026-12-28', to: '2027-01-03' }, { period_ago: '1', from: '2026-12-21', to: '2026-12-27' }]
 */
export function dayWindows(
  now: Date,
  days: number,
  count = SPARKLINE_PERIODS,
): Array<{ period_ago: string } & DayWindow> {
  const today = utcDay(now);
  return Array.from({ length: count }, (_, k) => ({
    period_ago: String(k),
    from: addDays(today, -(k + 1) * days + 1),
    to: addDays(today, -k * days),
  }));
}

// ---------------------------------------------------------------- comparison and formats

/**
 * Percent change from the previous period to the current one; 100 whenever the previous count is 0
 * (spec 01 §9 states the rule without exception, so 0 after 0 reads 100% too).
 * @example percentChange(45, 40) // 12.5
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return 100;
  return ((current - previous) / previous) * 100;
}

/** Up, down or flat, judged on the value as shown (one decimal), so '0%' is never green or red. */
export function changeDirection(change: number): 'up' | 'down' | 'flat' {
  const shown = Math.round(change * 10);
  return shown > 0 ? 'up' : shown < 0 ? 'down' : 'flat';
}

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** A count without decimals, with thousands separators. @example formatCount(12345) // '12,345' */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** A percent with 0 or 1 decimals. @example formatPercent(12.5) // '12.5%'; formatPercent(300) // '300%' */
export function formatPercent(value: number): string {
  const text = percentFormat.format(value);
  return `${text === '-0' ? '0' : text}%`;
}

// ---------------------------------------------------------------- rows and calls

/** Spec 01 §3 count row: `period_ago` '0' is the current window, '1' the previous one, ... '9'. */
export const CountRow = z.object({ period_ago: z.string(), count: z.number().int() });
export type CountRow = z.infer<typeof CountRow>;
/** Spec 01 §3 season row. */
export const SeasonRow = z.object({ season: z.enum(SEASONS), year: z.number().int(), count: z.number().int() });
export type SeasonRow = z.infer<typeof SeasonRow>;
/** Spec 01 §3 month row: month 1-12. */
export const MonthRow = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  count: z.number().int(),
});
export type MonthRow = z.infer<typeof MonthRow>;

const typeParam = z.enum(DASHBOARD_TYPES, { errorMap: () => ({ message: 'type must be joins or pledges' }) });
export const DashboardTypeParams = z.object({ type: typeParam });
export const DashboardPerDaysParams = z.object({
  type: typeParam,
  days: z.enum(['7', '30'], { errorMap: () => ({ message: 'days must be 7 or 30' }) }),
});

const COUNTING =
  'Joins count accounts by the day they became members (memberAt); pledges count accounts by the day they pledged (pledgedAt), ' +
  'whether or not they have joined since. Days are UTC calendar days.';

export const dashboardContract = c.router(
  {
    perDays: {
      method: 'GET',
      path: '/admin/dashboard/:type/per-days/:days',
      pathParams: DashboardPerDaysParams,
      responses: { 200: z.array(CountRow) },
      summary: 'Counts per rolling window of 7 or 30 days, the 10 most recent windows',
      description:
        `Ten rows, period_ago '0' to '9'. '0' is the current window: today (UTC) and the 6 (or 29) days before it; ` +
        `'1' is the previous window of the same length, and so on. A card compares '0' with '1'; its sparkline is all ten. ${COUNTING}`,
    },
    seasonToDate: {
      method: 'GET',
      path: '/admin/dashboard/:type/season-to-date',
      pathParams: DashboardTypeParams,
      responses: { 200: z.array(SeasonRow) },
      summary: 'Season to date against the same season of the 9 previous years to the same day',
      description:
        'Spring is 1 January to 30 June, Fall 1 July to 31 December. Ten rows, newest first: the current season from its first ' +
        'day to today, then the same season of each of the 9 previous years from its first day to the same calendar day ' +
        `(29 February counts to 28 February). A card compares the first two rows; its sparkline is all ten. ${COUNTING}`,
    },
    perMonth: {
      method: 'GET',
      path: '/admin/dashboard/:type/per-month',
      pathParams: DashboardTypeParams,
      responses: { 200: z.array(MonthRow) },
      summary: 'Counts per calendar month, for every year with data',
      description: `Twelve rows per year (months without data count 0), from the first year with data to the last, oldest first. ${COUNTING}`,
    },
  },
  { metadata: meta.area('dashboard') },
);
