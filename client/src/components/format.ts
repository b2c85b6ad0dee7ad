// Formats any screen may use. Dates are shown as UTC days: the same days the date filters and the
// dashboard count by (a `YYYY-MM-DD` day is midnight UTC, so it shows as itself everywhere).
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Mar 5, 2024' for an ISO time or day, '' for none. */
export function formatDay(iso: string | null | undefined): string {
  return iso ? day.format(new Date(iso)) : '';
}

const dateTimeParts: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
};
const dateTime = new Intl.DateTimeFormat('en-US', dateTimeParts);
const dateTimeSeconds = new Intl.DateTimeFormat('en-US', { ...dateTimeParts, second: '2-digit' });

/**
 * The one timestamp format: 'Mar 5, 2024, 14:07 UTC' for an ISO time ('Mar 5, 2024, 14:07:09 UTC' with
 * `seconds`), '' for none. Always UTC, like the day filters, so a time reads the same in every browser.
 */
export function formatDateTime(iso: string | null | undefined, { seconds = false } = {}): string {
  return iso ? `${(seconds ? dateTimeSeconds : dateTime).format(new Date(iso))} UTC` : '';
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
