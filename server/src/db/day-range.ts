const DAY_MS = 86_400_000;

/** The UTC midnight starting a filter's day (`2024-03-01` or any ISO time on that day). */
export function dayStart(value: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? new Date(value).toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * A list's `from`/`to` day filters as a half-open instant range: both days count in full (inclusive by
 * day, UTC, as every day filter of the product reads), whatever the database session's time zone.
 * @example const paid = dayRange(f.paidFrom, f.paidTo); if (paid.gte) qb = qb.where('p.paidAt', '>=', paid.gte);
 */
export function dayRange(from?: string, to?: string): { gte?: Date; lt?: Date } {
  return {
    gte: from ? dayStart(from) : undefined,
    lt: to ? new Date(dayStart(to).getTime() + DAY_MS) : undefined,
  };
}
