import { fileErrors, SpreadsheetError } from './errors.js';
import type { SpreadsheetLimits } from './limits.js';
import type { SheetRow } from './rows.js';
import { openXlsx, partText, readBook, type XlsxZip } from './xlsx-parts.js';
import { sheetRows } from './xlsx-sheet.js';
import { checkXlsxZip } from './zip-guard.js';

/**
 * The rows of the workbook's first worksheet (its first tab; the first one stored when the workbook
 * does not say), streamed. The zip is checked first (zip-guard.ts); then the small parts are read whole
 * and the shared strings kept in memory (xlsx-parts.ts), and the worksheet is inflated and scanned
 * row by row as it comes (xlsx-sheet.ts), so only one row's XML is held at a time. Stopping early
 * closes the streams and the file. Anything malformed refuses the file as not a valid xlsx.
 */
export async function* readXlsxRows(file: string, limits: SpreadsheetLimits): AsyncGenerator<SheetRow> {
  await checkXlsxZip(file, limits);
  let xlsx: XlsxZip | undefined;
  try {
    xlsx = await openXlsx(file);
    const { book, sheet } = await readBook(xlsx);
    yield* sheetRows(partText(xlsx, sheet), book);
  } catch (err) {
    throw err instanceof SpreadsheetError ? err : fileErrors.invalid('xlsx');
  } finally {
    xlsx?.close();
  }
}
