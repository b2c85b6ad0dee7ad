import { readSheetFile, type ReadOptions } from '../spreadsheet/index.js';
import { INVITEE_COLUMNS, type RawRow } from './columns.js';

/** What processing and the dry run say when the invitation's database file is no longer stored. */
export const DATABASE_GONE = 'The database file is no longer stored: upload it again.';

/**
 * The invitee rows of an uploaded database at `file` (a local path): the spreadsheet reader
 * (services/spreadsheet) with the invitee columns, whose header is the row naming an email column.
 * Any reason the file cannot be used is thrown, before or during the iteration, as a SpreadsheetError
 * whose message is for staff.
 */
export async function* readInviteeFile(file: string, fileName: string, opts: ReadOptions = {}): AsyncGenerator<RawRow> {
  yield* readSheetFile(file, fileName, INVITEE_COLUMNS, opts);
}
