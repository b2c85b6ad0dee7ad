import { mapHeader, type ColumnSet, type SheetRecord } from './columns.js';
import { fileErrors } from './errors.js';
import { HEADER_SEARCH_ROWS, type SpreadsheetLimits } from './limits.js';

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

/** The header as found: each recognised column, the cell index feeding it and the header text there. */
export type FoundHeader<C extends string> = Array<{ index: number; column: C; header: string }>;

/**
 * The header's other cells with text, in file order: names no column has, or a second name of a column already read
 * (the leftmost is read). Their values are not read.
 */
export type IgnoredHeaders = string[];

/**
 * Turns a reader's rows into records of `set`'s columns. The header is the
 * first row naming one of `set.headerColumns` among the first few non-empty rows (a title line above it
 * is skipped); rows above it are not records. Rows with no value in any recognised column are skipped;
 * `rowNumber` stays the row's number in the file. `onHeader` hears the header once it is found: its recognised
 * columns and the header cells it ignores (so a preview can list both).
 */
export async function* assembleRows<C extends string>(
  source: AsyncIterable<SheetRow>,
  limits: SpreadsheetLimits,
  set: ColumnSet<C>,
  onHeader?: (header: FoundHeader<C>, ignored: IgnoredHeaders) => void,
): AsyncGenerator<SheetRecord<C>> {
  let header: Array<[number, C]> | undefined;
  let nonEmptyBeforeHeader = 0;
  let rows = 0;
  for await (const row of source) {
    if (!header) {
      const used = usedLength(row.cells);
      if (used === 0) continue;
      if (used > limits.maxColumns) throw fileErrors.tooManyColumns(used, limits.maxColumns);
      const texts = row.cells.slice(0, used).map((c) => cleanCell(c, limits.maxCellLength));
      const mapped = mapHeader(texts, set);
      if (mapped.some(([, column]) => set.headerColumns.includes(column))) {
        header = mapped;
        const read = new Set(mapped.map(([index]) => index));
        onHeader?.(
          mapped.map(([index, column]) => ({ index, column, header: texts[index]! })),
          texts.filter((text, index) => text && !read.has(index)),
        );
        continue;
      }
      if (++nonEmptyBeforeHeader >= HEADER_SEARCH_ROWS) throw set.missingHeader();
      continue;
    }
    const fields: SheetRecord<C>['fields'] = {};
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
  if (!header) throw nonEmptyBeforeHeader ? set.missingHeader() : fileErrors.empty();
  if (!rows) throw fileErrors.noRows(set.rowsNoun);
}
