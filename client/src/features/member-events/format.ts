const dateTime: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/**
 * An event's date and time range in the browser's locale (and time zone); the shared parts are said once.
 *
 * @example formatEventRange('2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z', 'en-US') // "Tue, Mar 3, 2026, 3:00 – 4:00 PM" (UTC)
 */
export function formatEventRange(start: string, end: string | null, locale?: string, timeZone?: string): string {
  const format = new Intl.DateTimeFormat(locale, { ...dateTime, timeZone });
  if (!end) return format.format(new Date(start));
  return format.formatRange(new Date(start), new Date(end));
}

/** The short month and day number of the date tile on an event card, in the browser's locale. */
export function dateTile(start: string, locale?: string, timeZone?: string): { month: string; day: string } {
  const date = new Date(start);
  return {
    month: new Intl.DateTimeFormat(locale, { month: 'short', timeZone }).format(date),
    day: new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone }).format(date),
  };
}
