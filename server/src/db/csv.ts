/**
 * Text that a spreadsheet would run as a formula (OWASP "CSV injection"): a cell beginning with
 * `=`, `+`, `-`, `@`, tab or carriage return. Such a cell is written with a leading `'`.
 * The same rule runs in SQL for exports streamed by COPY (`csvSafe` in copy-csv.ts).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet may safely open it: `=1+1` -> `'=1+1`; other text unchanged. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * One CSV cell (RFC 4180): quoted only when it holds a quote, comma or line break. Strings are
 * neutralised; numbers, booleans and dates are data, not text a person typed, and stay as they are.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date ? value.toISOString() : typeof value === 'string' ? neutralise(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended with LF (spreadsheets read either; quoted cells may hold line breaks). */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}
