/** One CSV cell (RFC 4180): quoted only when it holds a quote, comma or line break. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended with LF (spreadsheets read either; quoted cells may hold line breaks). */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}
