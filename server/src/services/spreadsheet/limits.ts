/**
 * Limits on an uploaded spreadsheet. Every refusal message names the limit it met, so staff can fix the
 * file. The readers take overrides (imports allow larger files, services/record-import/limits.ts; tests
 * use small ones); the defaults are these, an invitee database's.
 */

/** Spec 02 §9: one file, 10 MB maximum. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Rows under the header (a 10 MB csv holds about 100,000). */
export const MAX_ROWS = 200_000;
/** Columns in the header row. */
export const MAX_COLUMNS = 200;
/** Characters kept of one cell; longer text is cut. */
export const MAX_CELL_LENGTH = 1_000;
/** Characters of one csv record (all its cells and delimiters); a longer one refuses the file. */
export const MAX_RECORD_CHARS = 1_000_000;
/** Non-empty rows searched for the header (files sometimes start with a title line). */
export const HEADER_SEARCH_ROWS = 10;
/** What an xlsx may unpack to in all (a normal 10 MB xlsx unpacks to under 100 MB). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Parts of an xlsx (a workbook with many sheets and images has a few hundred). */
export const MAX_ZIP_ENTRIES = 5_000;
/**
 * Compression ratio above which a part is refused once it unpacks to more than a mebibyte. Spreadsheet
 * XML compresses about 10:1; deflate cannot pass about 1032:1, which zip bombs reach.
 */
export const MAX_COMPRESSION_RATIO = 500;
export const RATIO_CHECK_MIN_BYTES = 1024 * 1024;

export type SpreadsheetLimits = {
  maxFileBytes: number;
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
  maxRecordChars: number;
  maxUnpackedBytes: number;
  maxZipEntries: number;
  maxCompressionRatio: number;
};

export const DEFAULT_LIMITS: SpreadsheetLimits = {
  maxFileBytes: MAX_FILE_BYTES,
  maxRows: MAX_ROWS,
  maxColumns: MAX_COLUMNS,
  maxCellLength: MAX_CELL_LENGTH,
  maxRecordChars: MAX_RECORD_CHARS,
  maxUnpackedBytes: MAX_UNPACKED_BYTES,
  maxZipEntries: MAX_ZIP_ENTRIES,
  maxCompressionRatio: MAX_COMPRESSION_RATIO,
};

/** '200,000', '10 MB' and '64 KB': how limits read in messages. */
export const formatCount = (n: number) => n.toLocaleString('en-US');
export const formatMegabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${formatCount(Math.ceil(bytes / 1024))} KB`
    : `${formatCount(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MB`;
