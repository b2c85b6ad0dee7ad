/** The one error type handlers throw: the central handler shapes it as `{message, detail?}`. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly detail?: string,
    /** Field-level problems, as request validation reports them (the form puts each on its field). */
    public readonly issues?: Array<{ path: Array<string | number>; message: string }>,
  ) {
    super(message);
  }
}

/**
 * A 400 about one field of the body, found by a check the schema cannot make (a past date, a disabled
 * choice): shaped like a validation error, so the form shows it under that field.
 * @example throw fieldError('deadline', 'Past dates cannot be chosen')
 */
export const fieldError = (field: string, message: string, detail?: string) =>
  new AppError(400, message, detail, [{ path: [field], message }]);

export const notFound = (what: string) => new AppError(404, `${what} not found`);

/**
 * The value of a lookup, or a 404 `{what} not found` when there is none.
 * @example return { status: 200, body: orNotFound(await repo.getChapter(db, params.id), 'Chapter') };
 */
export function orNotFound<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw notFound(what);
  return value;
}
export const badRequest = (message: string, detail?: string) => new AppError(400, message, detail);

/** The fields of a PostgreSQL error that `pg` passes on (SQLSTATE `code`, the table, the constraint, the detail). */
export type DatabaseError = Error & {
  code: string;
  severity?: string;
  table?: string;
  constraint?: string;
  detail?: string;
};

export function isDatabaseError(err: unknown): err is DatabaseError {
  return (
    err instanceof Error &&
    typeof (err as DatabaseError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as DatabaseError).code) &&
    'severity' in err
  );
}

// 'invitation_code' -> 'invitation code'; 'lower(email)' -> 'email'; 'logo_id' -> 'logo'.
const words = (column: string) =>
  column
    .replace(/^\w+\((.*)\)$/, '$1')
    .replace(/::\w+/g, '')
    .replace(/_id$/, '')
    .replace(/_/g, ' ')
    .trim();
// 'accounts' -> 'account', 'categories' -> 'category', 'calendar_events' -> 'calendar event'.
const singular = (table: string) => words(table).replace(/ies$/, 'y').replace(/s$/, '');
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'An' : 'A');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The columns a constraint's detail names: `Key (lower(email))=(x) already exists.` -> ['email']. */
function keyColumns(detail: string | undefined): string[] {
  const m = /^Key \((.+?)\)=\(/.exec(detail ?? '');
  return m ? m[1]!.split(/,\s*(?![^(]*\))/).map(words) : [];
}

// Class 22 (data exception): input the contract should have refused. The texts say what kind of
// value was wrong, never the SQL.
const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'A text is too long',
  '22003': 'A number is out of range',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22021': 'A text contains an invalid character',
  '22P02': 'A value has the wrong format',
  '22P05': 'A text contains a character that cannot be stored',
  '22012': 'A calculation divided by zero',
};

/**
 * A PostgreSQL error mapped by SQLSTATE to what the client did wrong, or undefined when it is the
 * server's own failure (which stays a hidden 500):
 * - 23505 unique_violation -> 409 `An account with this email already exists` (table and key columns);
 * - 23503 foreign_key_violation -> 400 `Logo file not found` (a reference to a missing row) or 409
 *   (a row still referenced, on delete);
 * - 23001 restrict_violation -> the same 409: PostgreSQL 18 reports a row still referenced through an
 *   `on delete restrict` key with it, where 15 says 23503;
 * - 23502, 23514 (not null, check) -> 400; class 22 (bad or out-of-range input: 22P02, 22003, 22007,
 *   22008, 22021 for a NUL byte, ...) -> 400.
 * @example throw databaseError(err) ?? err;
 */
export function databaseError(err: unknown): AppError | undefined {
  if (!isDatabaseError(err)) return undefined;
  const { code, table, detail } = err;
  if (code === '23505') {
    const columns = keyColumns(detail);
    if (!table || !columns.length) return new AppError(409, 'This conflicts with an existing record');
    const noun = singular(table);
    return new AppError(409, `${article(noun)} ${noun} with this ${columns.join(' and ')} already exists`);
  }
  if (code === '23503' || code === '23001') {
    const still =
      /is (?:still )?referenced from table "(\w+)"/.exec(detail ?? '')?.[1] ?? (code === '23001' ? table : undefined);
    if (still) return new AppError(409, `This record is still used by ${words(still)}`);
    const missing = /is not present in table "(\w+)"/.exec(detail ?? '');
    const [column] = keyColumns(detail);
    if (!missing || !column) return new AppError(400, 'A referenced record does not exist');
    const target = singular(missing[1]!);
    return new AppError(400, `${capital(column === target ? target : `${column} ${target}`)} not found`);
  }
  if (code === '23502') return new AppError(400, 'A required value is missing');
  if (code === '23514') return new AppError(400, 'A value is not allowed');
  if (code.startsWith('22')) return new AppError(400, DATA_EXCEPTIONS[code] ?? 'A value is not valid');
  return undefined;
}
