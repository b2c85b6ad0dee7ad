import { COLUMN_ALIASES, mapHeader, type Column, type RawRow } from './columns.js';
import { fileErrors } from './errors.js';
import { HEADER_SEARCH_ROWS, type ImportLimits } from './limits.js';

/** A row as a reader sees it: its number in the file (1 = first line or sheet row) and its cells. */
export type SheetRow = { rowNumber: number; cells: ReadonlyArray<string | undefined> };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * A cell as stored: without NUL characters (PostgreSQL text refuses them) or lone surrogates, trimmed,
 * and cut to `max` characters (never in the middle of a surrogate pair).
 */
export function cleanCell(value: string | undefined, max: number): string {
  if (!value) return '';
  let s = value;
  if (s.includes('\0')) s = s.replaceAll('\0', '');
  if (LONE_SURROGATE.test(s)) s = s.replace(LONE_SURROGATES, '\uFFFD');
  s = s.trim();
  if (s.length > max) {
    s = s.slice(0, /[\uD800-\uDBFF]/.test(s[max - 1] ?? '') ? max - 1 : max).trimEnd();
  }
  return s;
}

/** Cells up to the last one with text: trailing empty cells do not count as columns. */
function usedLength(cells: SheetRow['cells']): number {
  let n = cells.length;
  while (n > 0 && !cells[n - 1]?.trim()) n--;
  return n;
}

/**
 * Turns a reader's rows into invitee rows. The header is the first row with an email column among the
 * first few non-empty rows (a title line above it is skipped); rows above it are not invitees. Rows
 * with no value in any recognised column are skipped; `rowNumber` stays the row's number in the file.
 */
export async function* assembleRows(source: AsyncIterable<SheetRow>, limits: ImportLimits): AsyncGenerator<RawRow> {
  let header: Array<[number, Column]> | undefined;
  let nonEmptyBeforeHeader = 0;
  let rows = 0;
  for await (const row of source) {
    if (!header) {
      const used = usedLength(row.cells);
      if (used === 0) continue;
      if (used > limits.maxColumns) throw fileErrors.tooManyColumns(used, limits.maxColumns);
      const mapped = mapHeader(row.cells.slice(0, used).map((c) => cleanCell(c, limits.maxCellLength)));
      if (mapped.some(([, column]) => column === 'email')) {
        header = mapped;
        continue;
      }
      if (++nonEmptyBeforeHeader >= HEADER_SEARCH_ROWS) throw fileErrors.noEmailColumn([...COLUMN_ALIASES.email]);
      continue;
    }
    const fields: RawRow['fields'] = {};
    let any = false;
    for (const [index, column] of header) {
      const value = cleanCell(row.cells[index], limits.maxCellLength);
      if (value) {
        fields[column] = value;
        any = true;
      }
    }
    if (!any) continue;
    if (++rows > limits.maxRows) throw fileErrors.tooManyRows(limits.maxRows);
    yield { rowNumber: row.rowNumber, fields };
  }
  if (!header) throw nonEmptyBeforeHeader ? fileErrors.noEmailColumn([...COLUMN_ALIASES.email]) : fileErrors.empty();
  if (!rows) throw fileErrors.noRows();
}
