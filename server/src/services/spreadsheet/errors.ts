import { formatCount, formatMegabytes } from './limits.js';

/**
 * An uploaded spreadsheet that cannot be read: an invitee database or an import's file. The message is
 * for staff (the invitation's detail page, the import's page show it): it says what is wrong with the
 * file, never how the server works.
 */
export class SpreadsheetError extends Error {
  override readonly name = 'SpreadsheetError';
}

export type FileKind = 'csv' | 'xlsx' | 'xls';

const article = (kind: string) => (/^[aeiox]/i.test(kind) ? 'an' : 'a');

/** The messages in one place, so tests and callers can match them exactly. */
export const fileErrors = {
  unsupported: (ext: string) =>
    new SpreadsheetError(`The file must be an xlsx, csv or xls file${ext ? ` (it is .${ext})` : ''}.`),
  empty: () => new SpreadsheetError('The file is empty.'),
  noRows: (noun: string) => new SpreadsheetError(`The file has a header row but no ${noun} rows.`),
  tooLarge: (max: number) => new SpreadsheetError(`The file is larger than ${formatMegabytes(max)}.`),
  wrongContent: (kind: FileKind, actual?: FileKind) =>
    new SpreadsheetError(
      `The file does not look like ${article(kind)} ${kind} file${actual ? ` (its content looks like ${article(actual)} ${actual} file)` : ''}.`,
    ),
  /** An OLE container named .xlsx: Excel writes password-protected xlsx files this way, and old xls files look the same. */
  cfbNamedXlsx: () =>
    new SpreadsheetError(
      'The file does not look like an xlsx file (it may be password-protected, or an xls file renamed).',
    ),
  invalid: (kind: FileKind, detail?: string) =>
    new SpreadsheetError(`The file is not a valid ${kind} file${detail ? ` (${detail})` : ''}.`),
  passwordProtected: () =>
    new SpreadsheetError('The file is password-protected: remove the password and upload it again.'),
  tooManyColumns: (n: number, max: number) =>
    new SpreadsheetError(`The file has too many columns (${formatCount(n)}; at most ${formatCount(max)}).`),
  tooManyRows: (max: number) => new SpreadsheetError(`The file has more than ${formatCount(max)} rows.`),
  recordTooLong: (row: number, max: number) =>
    new SpreadsheetError(`Row ${formatCount(row)} of the file is longer than ${formatCount(max)} characters.`),
  unpacksTooLarge: (max: number) => new SpreadsheetError(`The file unpacks to more than ${formatMegabytes(max)}.`),
  tooManyParts: (max: number) => new SpreadsheetError(`The file has more than ${formatCount(max)} parts.`),
  suspiciousZip: () => new SpreadsheetError('The file unpacks to far more than its size: it looks like a zip bomb.'),
};
