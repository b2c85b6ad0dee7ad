import { readFile } from 'node:fs/promises';
import { fileErrors } from './errors.js';
import { HEADER_SEARCH_ROWS, type SpreadsheetLimits } from './limits.js';
import type { SheetRow } from './rows.js';

/** SheetJS and its code pages (old xls files store text in the workbook's code page), loaded on first use. */
async function sheetJs() {
  const [XLSX, cptable] = await Promise.all([import('@e965/xlsx'), import('@e965/xlsx/dist/cpexcel.full.mjs')]);
  XLSX.set_cptable(cptable);
  return XLSX;
}

/**
 * The rows of the first sheet of an old Excel (BIFF) file. The format is not streamable: the whole file
 * is read (10 MB at most) and parsed as a dense sheet of at most the rows we could accept, and its rows
 * are handed out one by one as Excel displays them (formatted text: dates and '00000' zip codes as shown).
 */
export async function* readXlsRows(file: string, limits: SpreadsheetLimits): AsyncGenerator<SheetRow> {
  const XLSX = await sheetJs();
  let sheet: import('@e965/xlsx').WorkSheet | undefined;
  try {
    const workbook = XLSX.read(await readFile(file), {
      type: 'buffer',
      dense: true,
      sheets: 0,
      // One more than the most we accept, so a longer file is refused rather than cut.
      sheetRows: limits.maxRows + HEADER_SEARCH_ROWS + 2,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
    sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  } catch (err) {
    if (err instanceof Error && /password/i.test(err.message)) throw fileErrors.passwordProtected();
    throw fileErrors.invalid('xls');
  }
  if (!sheet) throw fileErrors.invalid('xls', 'it has no worksheet');
  const data = (sheet['!data'] ?? []) as Array<Array<import('@e965/xlsx').CellObject | undefined> | undefined>;
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells: string[] = [];
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (cell && cell.t !== 'z' && cell.t !== 'e') cells[c] = XLSX.utils.format_cell(cell);
    }
    yield { rowNumber: r + 1, cells };
  }
}
