import type { ImportKind } from '@app/contract';
import { columnSet, SpreadsheetError, type ColumnSet } from '../spreadsheet/index.js';

/*
 * The columns each kind of import reads (README "Imports"), with the header names that mean them.
 * Headers match as every spreadsheet's do (case, spaces, dashes, underscores and dots ignored).
 */

/** One readable column: the label staff see and the header names that mean it. */
type Field = { label: string; aliases: readonly string[] };

const legacyId: Field = { label: 'Legacy Id', aliases: ['Legacy Id', 'LegacyId', 'Legacy', 'Old Id'] };
const id: Field = { label: 'Id', aliases: ['Id'] };
const address = {
  street1: {
    label: 'Street 1',
    aliases: ['Street 1', 'Street', 'Street Address', 'Address', 'Address 1', 'Address Line 1'],
  },
  street2: { label: 'Street 2', aliases: ['Street 2', 'Address 2', 'Address Line 2'] },
  city: { label: 'City', aliases: ['City', 'Town'] },
  state: { label: 'State', aliases: ['State', 'Province'] },
  postalCode: { label: 'Postal Code', aliases: ['Postal Code', 'Zip', 'Zip Code', 'Postcode'] },
  country: { label: 'Country', aliases: ['Country'] },
} satisfies Record<string, Field>;
export const ADDRESS_FIELDS = Object.keys(address) as Array<keyof typeof address>;
const institutionRef = {
  institutionLegacyId: { label: 'Institution Legacy Id', aliases: ['Institution Legacy Id', 'School Legacy Id'] },
  institutionAbbreviation: {
    label: 'Institution Abbreviation',
    aliases: ['Institution Abbreviation', 'School Abbreviation'],
  },
} satisfies Record<string, Field>;
const active: Field = { label: 'Active', aliases: ['Active'] };

export const IMPORT_FIELDS = {
  institutions: {
    legacyId,
    id,
    name: { label: 'Name', aliases: ['Name', 'Institution Name', 'School Name'] },
    abbreviation: { label: 'Abbreviation', aliases: ['Abbreviation', 'Abbr', 'Code'] },
    type: { label: 'Type', aliases: ['Type', 'Institution Type'] },
    ownership: { label: 'Ownership', aliases: ['Ownership'] },
    financialModel: { label: 'Financial Model', aliases: ['Financial Model'] },
    religiousAffiliation: { label: 'Religious Affiliation', aliases: ['Religious Affiliation', 'Religion'] },
    website: { label: 'Website', aliases: ['Website', 'Web Site', 'Url'] },
    population: { label: 'Population', aliases: ['Population', 'Enrollment'] },
    ...address,
  },
  chapters: {
    legacyId,
    id,
    name: { label: 'Name', aliases: ['Name', 'Chapter Name'] },
    abbreviation: { label: 'Abbreviation', aliases: ['Abbreviation', 'Abbr', 'Chapter Abbreviation'] },
    ...institutionRef,
    active,
    acceptingMembers: { label: 'Accepting Members', aliases: ['Accepting Members', 'Accepting'] },
    ...address,
  },
  accounts: {
    legacyId,
    firstName: { label: 'First Name', aliases: ['First Name', 'Given Name', 'First', 'FName'] },
    lastName: { label: 'Last Name', aliases: ['Last Name', 'Surname', 'Family Name', 'Last', 'LName'] },
    email: { label: 'Email', aliases: ['Email', 'E-mail', 'Email Address', 'Mail'] },
    phone: { label: 'Phone', aliases: ['Phone', 'Phone Number', 'Mobile', 'Cell', 'Telephone'] },
    invitationCode: { label: 'Invitation Code', aliases: ['Invitation Code', 'Code'] },
    memberAt: { label: 'Member Since', aliases: ['Member Since', 'Member At', 'Joined', 'Joined At', 'Paid At'] },
    pledgedAt: { label: 'Pledged At', aliases: ['Pledged At', 'Pledged', 'Pledge Date'] },
    roles: { label: 'Roles', aliases: ['Roles', 'Role'] },
    active,
    admin: { label: 'Admin', aliases: ['Admin', 'Staff'] },
    ...institutionRef,
    chapterLegacyId: { label: 'Chapter Legacy Id', aliases: ['Chapter Legacy Id'] },
    chapterAbbreviation: { label: 'Chapter Abbreviation', aliases: ['Chapter Abbreviation', 'Chapter'] },
    ...address,
  },
} as const satisfies Record<ImportKind, Record<string, Field>>;

export type ImportField<K extends ImportKind = ImportKind> = keyof (typeof IMPORT_FIELDS)[K] & string;

/** The fields whose column the header must have (a file without one is refused as a whole). */
export const REQUIRED_FIELDS: { [K in ImportKind]: ReadonlyArray<ImportField<K>> } = {
  institutions: ['name', 'abbreviation', 'type', 'ownership'],
  chapters: ['name', 'abbreviation'],
  accounts: ['firstName', 'lastName', 'email'],
};

export const fieldLabel = (kind: ImportKind, field: string): string =>
  (IMPORT_FIELDS[kind] as Record<string, Field>)[field]?.label ?? field;

const sets = Object.fromEntries(
  (Object.keys(IMPORT_FIELDS) as ImportKind[]).map((kind) => {
    const fields = IMPORT_FIELDS[kind] as Record<string, Field>;
    const aliases = Object.fromEntries(Object.entries(fields).map(([f, def]) => [f, def.aliases]));
    const required = REQUIRED_FIELDS[kind] as readonly string[];
    const set = columnSet(aliases, {
      headerColumns: required,
      missingHeader: () =>
        new SpreadsheetError(
          `The file has no ${required.map((f) => fields[f]!.label).join(', ')} columns: the first rows are not a header of ${kind}.`,
        ),
      rowsNoun: kind.replace(/s$/, ''),
    });
    return [kind, set];
  }),
) as Record<ImportKind, ColumnSet<string>>;

/** The column set an import of `kind` reads files with. */
export const importColumns = (kind: ImportKind): ColumnSet<string> => sets[kind];

/** Refuses a header that lacks a required column, naming each one missing. */
export function missingColumns(kind: ImportKind, found: readonly string[]): string[] {
  return (REQUIRED_FIELDS[kind] as readonly string[]).filter((f) => !found.includes(f)).map((f) => fieldLabel(kind, f));
}

export const missingColumnsError = (missing: string[]) =>
  new SpreadsheetError(`The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.`);

/** What an import says when its file is no longer stored. */
export const IMPORT_FILE_GONE = 'The import file is no longer stored: upload it again.';
