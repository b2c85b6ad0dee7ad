// Formats any screen may use. Dates are shown as UTC days: the same days the date filters and the
// dashboard count by (a `YYYY-MM-DD` day is midnight UTC, so it shows as itself everywhere).
// Written out by hand rather than with Intl.DateTimeFormat: the first Intl date format a page makes costs 45-87 ms
// (the browser loads its locale and time-zone data), on the way to a list's first paint; these fixed en-US, UTC
// texts are the same (format.test.ts compares them with Intl's).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The instant of an ISO text; an unreadable one is refused, as Intl refuses it. */
function instant(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const dayOf = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

/** 'Mar 5, 2024' for an ISO time or day, '' for none. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? dayOf(instant(iso)) : '';
}

/**
 * The one timestamp format: 'Mar 5, 2024, 14:07 UTC' for an ISO time ('Mar 5, 2024, 14:07:09 UTC' with
 * `seconds`), '' for none. Always UTC, like the day filters, so a time reads the same in every browser.
 */
export function formatDateTime(iso: string | null | undefined, { seconds = false } = {}): string {
  if (!iso) return '';
  const d = instant(iso);
  const time = `${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}${seconds ? `:${twoDigits(d.getUTCSeconds())}` : ''}`;
  return `${dayOf(d)}, ${time} UTC`;
}

/** '12.5%' for a share from 0 to 1; 'n/a' when there is none (a denominator of 0, spec 02 §2). */
export function percent(share: number | null | undefined, digits = 1): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return 'n/a';
  return `${(share * 100).toFixed(digits).replace(/\.0+$/, '')}%`;
}

/**
 * The mark that ends a question quoting `text`: none when the text already ends a sentence.
 * @example `delete "${q}"${questionMark(q)}` // 'delete "Why?"' but 'delete "Lead"?'
 */
export function questionMark(text: string): string {
  return /[?!.…]["'”’)]*$/.test(text.trim()) ? '' : '?';
}

export { groupThousands as count } from './list-kit/pager-math';
