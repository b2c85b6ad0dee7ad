import { sql, type Expression, type RawBuilder } from 'kysely';
import { auditActors } from './audit-context.js';
import type { CsvColumn } from './copy-csv.js';

/**
 * The FERPA directory opt-out toward third parties (issue 36 §5): an answer meant for a third party (an API key's
 * caller, an integrator) never names a person who opted out. Staff sessions see everything, with the badge.
 * One rule for every answer: the JSON of any call (`withholdOptedOut`, run by the access hook on every API-key
 * answer) and the CSV exports (`withholdCsv`). A row is a person's when it carries `directoryOptOut`; the fields
 * below (matched by name, in any case) then read as fixed placeholders, while its id, its flags, its dates and
 * `directoryOptOut: true` stay. A row that only concerns a person (a send, a blocked address, an audit row) carries
 * the flag of the person it concerns (`personOptedOut`), and a third party's search never finds an opted-out
 * person's row (`searchable`).
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
  // A send or outbox message to the person (its subject and body are personalised, its provider's answer may quote
  // the address), an audit row's changed values and detail (which may hold the person's fields).
  emailto: WITHHELD_EMAIL,
  toaddress: WITHHELD_EMAIL,
  subject: WITHHELD_NAME,
  sendstatusmessage: null,
  html: '',
  text: '',
  headers: {},
  changes: null,
  detail: null,
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
      if (field === 'address') return [key, emptied(v)];
      // A list of names keeps its shape: a map of them (an audit row's names) reads as an empty map.
      return [key, Array.isArray(WITHHELD[field]) && isPlain(v) ? {} : WITHHELD[field]];
    }),
  );
}

/**
 * An export's columns as the current caller may read them: for a third party, each personal column (by its
 * header) of a row whose `optOut` column is true is written as its placeholder; for staff, as they are.
 * @example streamCsv(db, qb, sort, map, withholdCsv(csvColumns, 'iv.directoryOptOut'), 'iv.id')
 */
export function withholdCsv(columns: CsvColumn[], optOut: string | Expression<unknown>): CsvColumn[] {
  if (!forThirdParty()) return columns;
  const flag = typeof optOut === 'string' ? sql.ref(optOut) : optOut;
  return columns.map((column) =>
    column.header.toLowerCase() in WITHHELD
      ? { ...column, value: withheldIf(flag, column.value, column.header) }
      : column,
  );
}

/**
 * SQL for a personal field (`field`, as the table above names it) that reads as its placeholder where `optOut`
 * holds (for a third party only: callers ask `forThirdParty()` first); a field the table above does not name reads
 * as null.
 * @example withheldIf(sql.ref('a.directory_opt_out'), sql.ref('a.email'), 'email')
 */
export function withheldIf<T = unknown>(
  optOut: Expression<unknown>,
  value: string | Expression<unknown>,
  field: string,
) {
  const placeholder = WITHHELD[field.toLowerCase()];
  const shown = typeof value === 'string' ? sql.ref(value) : value;
  return sql<T>`case when ${optOut} then ${sql.lit(typeof placeholder === 'string' ? placeholder : null)} else ${shown} end`;
}

/** A row's links to the person it concerns: id columns or expressions of invitees and accounts, and an address. */
type PersonLinks = {
  invitees?: (string | Expression<unknown>)[];
  accounts?: (string | Expression<unknown>)[];
  /** Looked up only when every link is null (a send with no invitee or account, say). */
  email?: string | Expression<unknown>;
};

const asSql = (v: string | Expression<unknown>) => (typeof v === 'string' ? sql.ref(v) : v);

/**
 * SQL: whether the person a row concerns opted out (the row then carries `directoryOptOut` toward a third party):
 * an invitee or account its links name, or, when it names none, the invitee or account with its address.
 * @example qb.select(personOptedOut({ invitees: ['e.inviteeId'], accounts: ['e.accountId'], email: 'e.emailTo' }).as('directoryOptOut'))
 */
export function personOptedOut({ invitees = [], accounts = [], email }: PersonLinks): RawBuilder<boolean> {
  const optedOut = (table: 'invitees' | 'accounts', match: RawBuilder<unknown>) =>
    sql`exists (select 1 from ${sql.table(table)} opted where ${match} and opted.directory_opt_out)`;
  const terms = [
    ...invitees.map((id) => optedOut('invitees', sql`opted.id = ${asSql(id)}`)),
    ...accounts.map((id) => optedOut('accounts', sql`opted.id = ${asSql(id)}`)),
  ];
  if (email) {
    const address = sql`lower(${asSql(email)})`;
    const unlinked = [...invitees, ...accounts].map((id) => sql`${asSql(id)} is null`);
    const byAddress = sql`(${optedOut('invitees', sql`opted.email = ${address}`)} or ${optedOut('accounts', sql`lower(opted.email) = ${address}`)})`;
    terms.push(unlinked.length ? sql`(${sql.join(unlinked, sql` and `)} and ${byAddress})` : byAddress);
  }
  return sql<boolean>`(${sql.join(terms, sql` or `)})`;
}

/**
 * The `directoryOptOut` column a row carries toward a third party, from `optedOut` (built only then), so that the one
 * access hook withholds the row's personal fields; nothing for staff.
 * @example qb.select(['b.id', ...optOutFlag(() => personOptedOut({ email: 'b.email' }))])
 */
export function optOutFlag(optedOut: () => Expression<boolean>) {
  return forThirdParty() ? [sql<boolean>`${optedOut()}`.as('directoryOptOut')] : [];
}

/**
 * A list search's match as the current caller may use it: for a third party, a row whose person opted out (`optOut`)
 * never matches, since finding it by a name, email or phone would confirm them; for staff, the match unchanged.
 * @example qb.where(searchable(sql`iv.search like ${pattern}`, 'iv.directoryOptOut'))
 */
export function searchable(match: Expression<boolean>, optOut: string | Expression<unknown>): RawBuilder<boolean> {
  return forThirdParty() ? sql<boolean>`(${match} and not coalesce(${asSql(optOut)}, false))` : sql<boolean>`${match}`;
}
