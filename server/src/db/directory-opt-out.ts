import { sql, type Expression } from 'kysely';
import { auditActors } from './audit-context.js';
import type { CsvColumn } from './copy-csv.js';

/**
 * The FERPA directory opt-out toward third parties (issue 36 §5): an answer meant for a third party (an API key's
 * caller, an integrator) never names a person who opted out. Staff sessions see everything, with the badge.
 * One rule for every answer: the JSON of any call (`withholdOptedOut`, run by the access hook on every API-key
 * answer) and the CSV exports (`withholdCsv`). A row is a person's when it carries `directoryOptOut`; the fields
 * below (matched by name, in any case) then read as fixed placeholders, while its id, its flags, its dates and
 * `directoryOptOut: true` stay.
 */
export const WITHHELD_NAME = 'Withheld';
export const WITHHELD_EMAIL = 'withheld@directory-opt-out.invalid';

const ADDRESS_PARTS = ['address', 'street', 'street1', 'street2', 'city', 'state', 'postalcode', 'country'];

/** What each personal field reads as (lower-cased field or CSV header); an address part is empty. */
const WITHHELD: Readonly<Record<string, unknown>> = {
  name: WITHHELD_NAME,
  firstname: WITHHELD_NAME,
  lastname: '',
  fullname: WITHHELD_NAME,
  email: WITHHELD_EMAIL,
  phone: null,
  phonenumber: null,
  salutation: null,
  major: null,
  class: null,
  mailingaddress: {},
  names: [],
  emails: [],
  ...Object.fromEntries(ADDRESS_PARTS.map((part) => [part, null])),
};

/** Whether the current request answers a third party: it came with an API key (features/auth/access.ts). */
export const forThirdParty = (): boolean => !!auditActors.getStore()?.apiKeyId;

const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** An address object (`{street1, ..., country}`) with every part empty. */
const emptied = (v: unknown) => (isPlain(v) ? Object.fromEntries(Object.keys(v).map((k) => [k, null])) : null);

/**
 * A JSON answer with every opted-out person's personal fields withheld, at any depth (a page's items, a
 * detail, a nested row); a new value, the original untouched.
 * @example withholdOptedOut({ id: 3, email: 'amy@x.edu', directoryOptOut: true }) // { id: 3, email: WITHHELD_EMAIL, ... }
 */
export function withholdOptedOut(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withholdOptedOut);
  if (!isPlain(value)) return value;
  const optedOut = value.directoryOptOut === true;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      const field = key.toLowerCase();
      if (!optedOut || !(field in WITHHELD)) return [key, withholdOptedOut(v)];
      return [key, field === 'address' ? emptied(v) : WITHHELD[field]];
    }),
  );
}

/**
 * An export's columns as the current caller may read them: for a third party, each personal column (by its
 * header) of a row whose `optOut` column is true is written as its placeholder; for staff, as they are.
 * @example streamCsv(db, qb, sort, map, withholdCsv(csvColumns, 'iv.directoryOptOut'), 'iv.id')
 */
export function withholdCsv(columns: CsvColumn[], optOut: string): CsvColumn[] {
  if (!forThirdParty()) return columns;
  return columns.map((column) =>
    column.header.toLowerCase() in WITHHELD
      ? { ...column, value: withheldIf(sql.ref(optOut), column.value, column.header) }
      : column,
  );
}

/**
 * SQL for a personal field (`field`, as the table above names it) that reads as its placeholder where `optOut`
 * holds (for a third party only: callers ask `forThirdParty()` first).
 * @example withheldIf(sql.ref('a.directory_opt_out'), sql.ref('a.email'), 'email')
 */
export function withheldIf(optOut: Expression<unknown>, value: string | Expression<unknown>, field: string) {
  const placeholder = WITHHELD[field.toLowerCase()];
  const shown = typeof value === 'string' ? sql.ref(value) : value;
  return sql`case when ${optOut} then ${sql.lit(typeof placeholder === 'string' ? placeholder : null)} else ${shown} end`;
}
