import { changeDirection, dayWindows, percentChange, type CountRow, type SeasonRow } from '@app/contract';

export type SparkPoint = { label: string; count: number };

/** What a card shows: the current and previous counts, the change between them, and the sparkline. */
export type CardFigures = {
  current: number;
  previous: number;
  change: number;
  direction: 'up' | 'down' | 'flat';
  /** Oldest first, the current period last. */
  points: SparkPoint[];
};

function figures(newestFirst: SparkPoint[]): CardFigures {
  const current = newestFirst[0]?.count ?? 0;
  const previous = newestFirst[1]?.count ?? 0;
  const change = percentChange(current, previous);
  return { current, previous, change, direction: changeDirection(change), points: [...newestFirst].reverse() };
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** A card of 7 or 30 days from the per-days rows: period_ago '0' is current, '1' previous. */
export function figuresFromCounts(rows: CountRow[], days: number, now = new Date()): CardFigures {
  const windows = dayWindows(now, days, rows.length);
  const byPeriod = [...rows].sort((a, b) => Number(a.period_ago) - Number(b.period_ago));
  return figures(
    byPeriod.map((row) => {
      const w = windows[Number(row.period_ago)];
      return {
        label: w ? `${formatDay(w.from)} – ${formatDay(w.to)}` : `${row.period_ago} periods ago`,
        count: row.count,
      };
    }),
  );
}

/** The season card from the season rows: the newest is the current season to date, the next the year before. */
export function figuresFromSeasons(rows: SeasonRow[]): CardFigures {
  const newestFirst = [...rows].sort((a, b) => b.year - a.year);
  return figures(newestFirst.map((row) => ({ label: `${row.season} ${row.year}`, count: row.count })));
}
