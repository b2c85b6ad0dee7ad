import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { fileErrors, InviteeFileError } from './errors.js';
import type { ImportLimits } from './limits.js';
import type { SheetRow } from './rows.js';
import { checkXlsxZip } from './zip-guard.js';

/** '2026-05-01', or '2026-05-01 14:30' when the time of day is not midnight (exceljs reads dates as UTC). */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A number as Excel shows it in General format, keeping the leading zeros of a '00000' format (zip codes). */
function numberText(n: number, numFmt: string | undefined): string {
  if (!Number.isFinite(n)) return '';
  if (numFmt && /^0+$/.test(numFmt) && Number.isInteger(n) && n >= 0) return String(n).padStart(numFmt.length, '0');
  return String(n);
}

/** A cell's value as text: rich text joined, hyperlinks by their text, formulas by their result. */
export function cellText(value: ExcelJS.CellValue | undefined, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return '';
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue, numFmt);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue, numFmt);
  return '';
}

/** Reads an iterator to its end, ignoring errors (the file was already refused or read). */
async function drain(iterator: AsyncIterator<unknown>): Promise<void> {
  try {
    while (!(await iterator.next()).done);
  } catch {
    // Already reported, or nothing left to report.
  }
}

/** The name of the workbook's first tab, once exceljs has read the workbook part (it comes before the sheets). */
const firstTabName = (reader: ExcelJS.stream.xlsx.WorkbookReader) =>
  (reader as unknown as { model?: { sheets?: Array<{ name?: string }> } }).model?.sheets?.[0]?.name;

/** A worksheet's tab name (exceljs sets it from the workbook part; its types leave it out). */
const sheetName = (sheet: ExcelJS.stream.xlsx.WorksheetReader) => (sheet as unknown as { name?: string }).name;

/**
 * The rows of the workbook's first worksheet (its first tab; the first one stored when the workbook
 * does not say), streamed: the zip is checked first (zip-guard.ts), then exceljs reads it part by
 * part, keeping only the shared strings in memory.
 *
 * exceljs copies a worksheet that comes before the shared strings (Excel writes them in that order) to a
 * temporary file and deletes it only when the reading moves past it, so every worksheet is read to the
 * end, even when the caller stops early or the file is refused: the guard bounds that work.
 */
export async function* readXlsxRows(file: string, limits: ImportLimits): AsyncGenerator<SheetRow> {
  await checkXlsxZip(file, limits);
  const input = createReadStream(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles give dates and number formats (a few kilobytes); hyperlinks keep the cell's text as its value.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets = reader[Symbol.asyncIterator]();
  let read = false;
  try {
    for (let s = await sheets.next(); !s.done; s = await sheets.next()) {
      const wanted = firstTabName(reader);
      const rows = s.value[Symbol.asyncIterator]();
      const name = sheetName(s.value);
      if (read || (wanted !== undefined && name !== undefined && name !== wanted)) {
        await drain(rows);
        continue;
      }
      read = true;
      try {
        for (let r = await rows.next(); !r.done; r = await rows.next()) {
          const cells: string[] = [];
          r.value.eachCell({ includeEmpty: false }, (cell, col) => {
            cells[col - 1] = cellText(cell.value, cell.numFmt);
          });
          yield { rowNumber: r.value.number, cells };
        }
      } finally {
        await drain(rows);
      }
    }
  } catch (err) {
    throw err instanceof InviteeFileError ? err : fileErrors.invalid('xlsx');
  } finally {
    // After an early stop: let exceljs move past the remaining worksheets (see above).
    try {
      for (let s = await sheets.next(); !s.done; s = await sheets.next()) await drain(s.value[Symbol.asyncIterator]());
    } catch {
      // The file was refused already, or was read.
    }
    input.destroy();
  }
  if (!read) throw fileErrors.invalid('xlsx', 'it has no worksheet');
}
