import { columnSet, SpreadsheetError, type ColumnSet, type SheetRecord } from '../spreadsheet/index.js';

/**
 * The canonical columns of an invitee database and the header names that mean them
 * (../shared/DOMAIN.md "Invitee databases (import columns)").
 */

export const COLUMNS = [
  'salutation',
  'firstName',
  'lastName',
  'email',
  'major',
  'class',
  'phoneNumber',
  'mailingAddress',
  'street',
  'street2',
  'city',
  'state',
  'postalCode',
  'country',
  'directoryOptOut',
] as const;
export type Column = (typeof COLUMNS)[number];

/** One row of an invitee database. */
export type RawRow = SheetRecord<Column>;

/** Header names per column as staff write them; matching ignores case, spaces, dashes, underscores and dots. */
export const COLUMN_ALIASES: Record<Column, readonly string[]> = {
  email: ['Email', 'E-mail', 'Email Address', 'Mail'],
  firstName: ['First Name', 'Given Name', 'First', 'FName'],
  lastName: ['Last Name', 'Surname', 'Family Name', 'Last', 'LName'],
  salutation: ['Salutation', 'Title', 'Prefix'],
  major: ['Major'],
  class: ['Class', 'Class Year', 'Year', 'Graduation Year', 'Grad Year'],
  phoneNumber: ['Phone Number', 'Phone', 'Mobile', 'Cell', 'Mobile Phone', 'Cell Phone', 'Telephone'],
  mailingAddress: ['Mailing Address', 'Address'],
  street: ['Street', 'Street Address', 'Address 1', 'Address Line 1'],
  street2: ['Street 2', 'Address 2', 'Address Line 2'],
  city: ['City', 'Town'],
  state: ['State', 'Province'],
  postalCode: ['Postal Code', 'Zip', 'Zip Code', 'Postcode'],
  country: ['Country'],
  // FERPA: the student opted out of directory information (issue 36); any value but no/false/0 means yes.
  directoryOptOut: ['FERPA', 'Directory Opt Out', 'Confidential', 'FERPA Hold', 'Directory Hold'],
};

/** An invitee database without a header naming an email column among its first rows. */
const noEmailColumn = (lookedFor: string[]) =>
  new SpreadsheetError(`The file has no email column (looked for: ${lookedFor.join(', ')}).`);

/** The invitee database's columns: the header is the row with an email column. */
export const INVITEE_COLUMNS: ColumnSet<Column> = columnSet<Column>(COLUMN_ALIASES, {
  headerColumns: ['email'],
  missingHeader: () => noEmailColumn([...COLUMN_ALIASES.email]),
  rowsNoun: 'invitee',
});

/**
 * The JSON stored in `invitees.mailingAddress`. Keys with a value only, from this set:
 * - `{ address }` when the file has one address column ('Address', 'Mailing Address') and no parts;
 * - `{ street, street2, city, state, postalCode, country }` (any of them) when it has parts; a single
 *   'Address' column beside parts is the street (it is kept as `address` when a street column exists too);
 * - `{}` when the row has none.
 */
export type MailingAddress = Partial<
  Record<'address' | 'street' | 'street2' | 'city' | 'state' | 'postalCode' | 'country', string>
>;

const PARTS = ['street', 'street2', 'city', 'state', 'postalCode', 'country'] as const;

export function mailingAddressOf(fields: RawRow['fields']): MailingAddress {
  const out: MailingAddress = {};
  const hasParts = PARTS.some((p) => fields[p]);
  if (fields.mailingAddress) {
    if (hasParts && !fields.street) out.street = fields.mailingAddress;
    else out.address = fields.mailingAddress;
  }
  for (const part of PARTS) if (fields[part]) out[part] = fields[part];
  return out;
}
