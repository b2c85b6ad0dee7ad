import type { SheetRow } from './rows.js';
import { ItemScanner } from './xlsx-scan.js';
import { attribute, decodeText, malformed, readTag, stringItemText, textAt } from './xlsx-xml.js';

/** What a cell style's number format makes of a number: a date, or text with at least this many digits ('00000': 5). */
export const DATE_FORMAT = -1;

/** What the cells of a worksheet need from the rest of the workbook (xlsx-parts.ts reads it). */
export type Book = {
  sharedStrings: readonly string[];
  /** By cell style (the cell's `s`, an index into cellXfs): DATE_FORMAT, or the digits a '00000' format pads to, or 0. */
  styleFormats: readonly number[];
  /** Serial 0 is 1904-01-01 rather than 1899-12-31 (old Mac workbooks). */
  date1904: boolean;
};

/** Excel's last column, XFD: a reference past it is no worksheet's. */
const MAX_COLUMNS = 16_384;

/** '2026-05-01', or '2026-05-01 14:30' when the time of day is not midnight (dates are read as UTC). */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A number as Excel shows it in General format, keeping the leading zeros of a '00000' format (zip codes). */
export function numberText(n: number, zeros = 0): string {
  if (!Number.isFinite(n)) return '';
  if (zeros > 0 && Number.isInteger(n) && n >= 0) return String(n).padStart(zeros, '0');
  return String(n);
}

/** An Excel serial date as a UTC date, as exceljs converts it (milliseconds rounded). */
export const serialDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000));

/** A `t="d"` cell's ISO 8601 text as a date; a date and time without a zone is UTC, like the serial dates. */
function isoDateText(text: string): string {
  const s = text.trim();
  const zoned = !s.includes('T') || /(?:Z|[+-]\d\d:?\d\d)$/i.test(s);
  const ms = Date.parse(zoned ? s : `${s}Z`);
  return Number.isNaN(ms) ? s : dateText(new Date(ms));
}

/** The 0-based column of a reference such as 'B12'. */
function columnOf(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    n = n * 26 + (c - 96);
    if (n > MAX_COLUMNS) throw malformed();
  }
  if (i === 0) throw malformed();
  return n - 1;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;
/** '>' or white space: what may follow a tag's name. */
const endsName = (c: number) => c === 62 || isSpace(c);

/** The text of the cell's `<v>` in x[from, to), or undefined when it has none. */
function valueText(x: string, from: number, to: number): string | undefined {
  if (x.startsWith('<v>', from)) {
    // The usual `<v>text</v>`, without the general tag reading.
    const lt = x.indexOf('<', from + 3);
    if (lt > 0 && lt < to && x.charCodeAt(lt + 1) === 47) return decodeText(x.slice(from + 3, lt));
  }
  for (let i = from; ;) {
    const lt = x.indexOf('<', i);
    if (lt < 0 || lt >= to) return undefined;
    const tag = readTag(x, lt);
    if (!tag || tag.end > to) throw malformed();
    if (tag.name === 'v' && tag.kind === 'open') return textAt(x, tag.end);
    if (tag.name === 'v' && tag.kind === 'empty') return '';
    i = tag.end;
  }
}

/** A cell's value as text, by its type `t` (x[from, to) is its content); undefined for a cell with no value. */
function cellText(
  x: string,
  from: number,
  to: number,
  type: string | undefined,
  style: number,
  book: Book,
): string | undefined {
  if (type === 'inlineStr') {
    const text = stringItemText(x, from, to);
    if (text !== undefined) return text;
  }
  const v = valueText(x, from, to);
  if (v === undefined) return undefined;
  switch (type) {
    case 's':
      return book.sharedStrings[Number.parseInt(v, 10)] ?? '';
    case 'inlineStr':
    case 'str':
      return v;
    case 'b':
      return Number.parseInt(v, 10) !== 0 ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    case 'd':
      return isoDateText(v);
    default: {
      // A number, or a formula's numeric result; its style says whether it is a date.
      const format = book.styleFormats[style] ?? 0;
      const n = Number.parseFloat(v);
      return format === DATE_FORMAT ? dateText(serialDate(n, book.date1904)) : numberText(n, format);
    }
  }
}

/** A cell's start tag as the row scan reads it; one object reused, as there are millions of cells. */
type CellTag = {
  end: number;
  empty: boolean;
  prefix: string;
  ref: string | undefined;
  type: string | undefined;
  style: number;
};

/**
 * Reads the cell start tag `<c ...>` or `<x:c .../>` at `lt` into `cell`; false when the tag at `lt` is
 * not a cell's. The attributes the reader uses (r, t, s) hold no entities in any writer, so they are
 * taken as written, without decoding.
 */
function readCellTag(x: string, lt: number, to: number, cell: CellTag): boolean {
  let p = lt + 1;
  let local = p;
  for (; p < to; p++) {
    const c = x.charCodeAt(p);
    if (endsName(c) || c === 47) break;
    if (c === 58) local = p + 1;
  }
  if (p - local !== 1 || x.charCodeAt(local) !== 99 /* c */) return false;
  cell.prefix = local > lt + 1 ? x.slice(lt + 1, local) : '';
  cell.ref = undefined;
  cell.type = undefined;
  cell.style = 0;
  for (;;) {
    while (p < to && isSpace(x.charCodeAt(p))) p++;
    const c = x.charCodeAt(p);
    if (c === 62) {
      cell.empty = false;
      cell.end = p + 1;
      return true;
    }
    if (c === 47 && x.charCodeAt(p + 1) === 62) {
      cell.empty = true;
      cell.end = p + 2;
      return true;
    }
    const nameStart = p;
    while (p < to && x.charCodeAt(p) !== 61 && !isSpace(x.charCodeAt(p))) p++;
    const nameEnd = p;
    while (p < to && isSpace(x.charCodeAt(p))) p++;
    if (x.charCodeAt(p) !== 61 || nameEnd === nameStart) throw malformed();
    p++;
    while (p < to && isSpace(x.charCodeAt(p))) p++;
    const quote = x.charCodeAt(p);
    if (quote !== 34 && quote !== 39) throw malformed();
    const close = x.indexOf(quote === 34 ? '"' : "'", p + 1);
    if (close < 0 || close >= to) throw malformed();
    if (nameEnd - nameStart === 1) {
      const name = x.charCodeAt(nameStart);
      if (name === 114 /* r */) cell.ref = x.slice(p + 1, close);
      else if (name === 116 /* t */) cell.type = x.slice(p + 1, close);
      else if (name === 115 /* s */) cell.style = Number(x.slice(p + 1, close));
    }
    p = close + 1;
  }
}

/** The cells of a row whose content is x[from, to): by 0-based column, missing references following the previous cell. */
function rowCells(x: string, from: number, to: number, book: Book): Array<string | undefined> {
  const cells: Array<string | undefined> = [];
  const cell: CellTag = { end: 0, empty: false, prefix: '', ref: undefined, type: undefined, style: 0 };
  let column = -1;
  for (let i = from; ;) {
    const lt = x.indexOf('<', i);
    if (lt < 0 || lt >= to) return cells;
    if (!readCellTag(x, lt, to, cell)) {
      // Anything else in a row (an extension, a comment) is stepped over.
      const tag = readTag(x, lt);
      if (!tag || tag.end > to) throw malformed();
      i = tag.end;
      continue;
    }
    i = cell.end;
    column = cell.ref === undefined ? column + 1 : columnOf(cell.ref);
    if (column >= MAX_COLUMNS) throw malformed();
    if (cell.empty) continue;
    const close = cell.prefix ? `</${cell.prefix}c` : '</c';
    let end = x.indexOf(close, i);
    while (end >= 0 && !endsName(x.charCodeAt(end + close.length))) end = x.indexOf(close, end + 1);
    if (end < 0 || end >= to) throw malformed();
    const text = cellText(x, i, end, cell.type, cell.style, book);
    if (text !== undefined) cells[column] = text;
    const gt = x.indexOf('>', end);
    if (gt < 0 || gt >= to) throw malformed();
    i = gt + 1;
  }
}

/**
 * The rows of a worksheet part arriving as text pieces, in file order, each with its number (its `r`,
 * else the previous row's + 1) and its cells. Rows end with sheetData; the rest of the part is only inflated.
 */
export async function* sheetRows(pieces: AsyncIterable<string>, book: Book): AsyncGenerator<SheetRow> {
  const ready: SheetRow[] = [];
  let previous = 0;
  const scanner = new ItemScanner('sheetData', 'row', (x, tag, contentEnd) => {
    const r = attribute(x, tag, 'r');
    if (r !== undefined && !/^\s*[1-9][0-9]{0,9}\s*$/.test(r)) throw malformed();
    const rowNumber = r === undefined ? previous + 1 : Number(r);
    previous = rowNumber;
    ready.push({ rowNumber, cells: tag.kind === 'empty' ? [] : rowCells(x, tag.end, contentEnd, book) });
  });
  for await (const piece of pieces) {
    // After sheetData the rest of the part is inflated only to be checked against its size (xlsx-parts.ts).
    if (scanner.finished) continue;
    scanner.push(piece);
    yield* ready.splice(0);
  }
  scanner.end();
}
