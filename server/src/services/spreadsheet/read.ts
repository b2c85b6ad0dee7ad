import { INVITEE_COLUMNS, type ColumnSet, type RawRow, type SheetRecord } from './columns.js';
import type { FileKind } from './errors.js';
import { DEFAULT_LIMITS, type ImportLimits } from './limits.js';
import { readCsvRows } from './read-csv.js';
import { readXlsRows } from './read-xls.js';
import { readXlsxRows } from './read-xlsx.js';
import { assembleRows, type FoundHeader, type SheetRow } from './rows.js';
import { sniffFile } from './sniff.js';

export type ReadOptions = { limits?: Partial<ImportLimits> };

const readers: Record<FileKind, (file: string, limits: ImportLimits) => AsyncIterable<SheetRow>> = {
  csv: readCsvRows,
  xlsx: readXlsxRows,
  xls: readXlsRows,
};

/**
 * The invitee rows of an uploaded database at `file` (a local path), read as the kind `fileName`'s
 * extension names (csv, xlsx or xls). Rows come one at a time in file order, each with its row number
 * in the file and its recognised columns (columns.ts). Any reason the file cannot be used is thrown,
 * before or during the iteration, as an InviteeFileError whose message is for staff.
 */
export async function* readInviteeFile(file: string, fileName: string, opts: ReadOptions = {}): AsyncGenerator<RawRow> {
  yield* readSheetFile(file, fileName, INVITEE_COLUMNS, opts);
}

/**
 * The same for any set of columns (columns.ts `ColumnSet`): the readers, sniffing and limits of invitee
 * databases, with the set's header rule; `onHeader` hears the recognised header before the first row.
 */
export async function* readSheetFile<C extends string>(
  file: string,
  fileName: string,
  set: ColumnSet<C>,
  opts: ReadOptions & { onHeader?: (header: FoundHeader<C>) => void } = {},
): AsyncGenerator<SheetRecord<C>> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const kind = await sniffFile(file, fileName, limits);
  yield* assembleRows(readers[kind](file, limits), limits, set, opts.onHeader);
}
