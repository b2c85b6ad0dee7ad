/**
 * The product's spreadsheet reader: uploaded csv, xlsx and xls files read as records under a set of
 * columns (columns.ts `ColumnSet`). Invitee databases (services/invitee-database) and the imports of
 * institutions, chapters and accounts (services/record-import) use it alike.
 *
 *   const copy = await localCopy(db, storage, fileId, 'The file is no longer stored: upload it again.');
 *   try {
 *     for await (const record of readSheetFile(copy.file, copy.fileName, set, { limits, onHeader })) ...
 *   } finally {
 *     await copy.done();
 *   }
 *
 * A file is refused when its extension is not csv, xlsx or xls, when it is empty or over the size limit,
 * or when its content is not what its extension says (sniff.ts); an xlsx first passes the zip bomb guard
 * (zip-guard.ts). Rows are streamed and each pass over a file reads it once: a csv is decoded as it comes
 * (csv-text.ts) and its delimiter told from its start (csv-delimiter.ts), an xlsx's parts are each inflated
 * once; an xls, not streamable, is read whole (10 MB at most). Cells are cut to the limits (limits.ts). Every refusal is a SpreadsheetError whose message is for staff
 * (errors.ts `fileErrors`); anything else is the server's own failure.
 */
export { readSheetFile, type ReadOptions } from './read.js';
export { localCopy } from './local-copy.js';
export { cleanCell, type FoundHeader, type IgnoredHeaders } from './rows.js';
export { SpreadsheetError, fileErrors, type FileKind } from './errors.js';
export * from './limits.js';
export { columnOf, columnSet, mapHeader, normaliseHeader, type ColumnSet, type SheetRecord } from './columns.js';
