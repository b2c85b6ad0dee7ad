import { fileErrors, SpreadsheetError } from './errors.js';
import type { SpreadsheetLimits } from './limits.js';
import type { SheetRow } from './rows.js';
import { checkOtherParts, openXlsx, partText, readBook, type XlsxZip } from './xlsx-parts.js';
import { sheetRows } from './xlsx-sheet.js';

/**
 * The rows of the workbook's first worksheet (its first tab; the first one stored when the workbook
 * does not say), streamed. The zip is opened through its guard (zip-guard.ts, from the central directory); then the
 * small parts are read whole and the shared strings kept in memory (xlsx-parts.ts), and the worksheet is
 * inflated and scanned row by row as it comes (xlsx-sheet.ts), so only one row's XML is held at a time
 * and each part is inflated once (the parts not read are inflated, unkept, at the end: a part that
 * inflates to more than it declares is refused wherever it lies). Stopping early
 * closes the streams and the file. Anything malformed refuses the file as not a valid xlsx.
 */
export async function* readXlsxRows(file: string, limits: SpreadsheetLimits): AsyncGenerator<SheetRow> {
  let xlsx: XlsxZip | undefined;
  try {
    xlsx = await openXlsx(file, limits);
    const { book, sheet } = await readBook(xlsx);
    yield* sheetRows(partText(xlsx, sheet), book);
    await checkOtherParts(xlsx);
  } catch (err) {
    throw err instanceof SpreadsheetError ? err : fileErrors.invalid('xlsx');
  } finally {
    xlsx?.close();
  }
}
