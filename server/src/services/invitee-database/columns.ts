import { fileErrors } from './errors.js';

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
] as const;
export type Column = (typeof COLUMNS)[number];

/** One row of a file under its header: the recognised columns that have a value (trimmed, never ''). */
export type SheetRecord<C extends string> = { rowNumber: number; fields: Partial<Record<C, string>> };
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
};

/** 'E-mail Address ' -> 'emailaddress'. */
export const normaliseHeader = (header: string) => header.toLowerCase().replace(/[\s\-_.]+/g, '');

/**
 * The columns one kind of file has and the header names that mean them: invitee databases here, the
 * imports of institutions, chapters and accounts in services/record-import. `headerColumns` tell the
 * header row apart from a title line above it (the first row naming any of them is the header);
 * `missingHeader` is the refusal when none of the first rows does, `rowsNoun` names the rows in messages.
 * @example columnSet({ email: ['Email', 'E-mail'], legacyId: ['Legacy Id'] }, { headerColumns: ['email'], missingHeader, rowsNoun: 'account' })
 */
export type ColumnSet<C extends string = string> = {
  aliases: Readonly<Record<C, readonly string[]>>;
  headerColumns: readonly C[];
  missingHeader: () => Error;
  rowsNoun: string;
  /** Looks a normalised header up (built by columnSet). */
  byAlias: ReadonlyMap<string, C>;
};

export function columnSet<C extends string>(
  aliases: Readonly<Record<C, readonly string[]>>,
  rest: Omit<ColumnSet<C>, 'aliases' | 'byAlias'>,
): ColumnSet<C> {
  const byAlias = new Map<string, C>();
  for (const column of Object.keys(aliases) as C[]) {
    for (const alias of aliases[column])
      if (!byAlias.has(normaliseHeader(alias))) byAlias.set(normaliseHeader(alias), column);
  }
  return { aliases, byAlias, ...rest };
}

/** The invitee database's columns: the header is the row with an email column. */
export const INVITEE_COLUMNS: ColumnSet<Column> = columnSet<Column>(COLUMN_ALIASES, {
  headerColumns: ['email'],
  missingHeader: () => fileErrors.noEmailColumn([...COLUMN_ALIASES.email]),
  rowsNoun: 'invitee',
});

/** The column a header cell names, if any (invitee columns unless another set is given). */
export function columnOf<C extends string = Column>(
  header: string,
  set: ColumnSet<C> = INVITEE_COLUMNS as unknown as ColumnSet<C>,
): C | undefined {
  return set.byAlias.get(normaliseHeader(header));
}

/**
 * Which cell index feeds which column. When two headers name the same column, the first (leftmost)
 * one is used and the other ignored; unknown headers are ignored.
 */
export function mapHeader<C extends string = Column>(
  cells: readonly string[],
  set: ColumnSet<C> = INVITEE_COLUMNS as unknown as ColumnSet<C>,
): Array<[index: number, column: C]> {
  const seen = new Set<C>();
  const out: Array<[number, C]> = [];
  cells.forEach((cell, index) => {
    const column = columnOf(cell, set);
    if (column && !seen.has(column)) {
      seen.add(column);
      out.push([index, column]);
    }
  });
  return out;
}

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
