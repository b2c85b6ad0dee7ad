import type { ColumnSet, SheetRecord } from './columns.js';
import type { FileKind } from './errors.js';
import { DEFAULT_LIMITS, type SpreadsheetLimits } from './limits.js';
import { readCsvRows } from './read-csv.js';
import { readXlsRows } from './read-xls.js';
import { readXlsxRows } from './read-xlsx.js';
import { assembleRows, type FoundHeader, type IgnoredHeaders, type SheetRow } from './rows.js';
import { sniffFile } from './sniff.js';

export type ReadOptions = { limits?: Partial<SpreadsheetLimits> };

const readers: Record<FileKind, (file: string, limits: SpreadsheetLimits) => AsyncIterable<SheetRow>> = {
  csv: readCsvRows,
  xlsx: readXlsxRows,
  xls: readXlsRows,
};

/**
 * The records of an uploaded spreadsheet at `file` (a local path) under `set`'s columns, read as the kind
 * `fileName`'s extension names (csv, xlsx or xls) once its content is seen to be that kind. Rows come one
 * at a time in file order, each with its row number in the file and its recognised columns; `onHeader`
 * hears the recognised header and the header cells it ignores before the first row. Any reason the file cannot be used is thrown, before
 * or during the iteration, as a SpreadsheetError whose message is for staff.
 */
export async function* readSheetFile<C extends string>(
  file: string,
  fileName: string,
  set: ColumnSet<C>,
  opts: ReadOptions & { onHeader?: (header: FoundHeader<C>, ignored: IgnoredHeaders) => void } = {},
): AsyncGenerator<SheetRecord<C>> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const kind = await sniffFile(file, fileName, limits);
  yield* assembleRows(readers[kind](file, limits), limits, set, opts.onHeader);
}
