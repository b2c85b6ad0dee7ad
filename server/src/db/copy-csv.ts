import { PassThrough, pipeline, type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  createQueryId,
  PostgresQueryCompiler,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import { AppError } from '../errors.js';
import { csvLine } from './csv.js';
import { dbPools, type DB } from './database.js';

/**
 * A value written into SQL text as a literal, for the one statement that takes no bind parameters:
 * COPY. Each value is sent as the same text a bind parameter would carry, quoted by pg's
 * `escapeLiteral` (quotes doubled; backslashes doubled under an `E''` prefix), so the server infers
 * its type from context exactly as it does for `$1`.
 * @example sqlLiteral("O'Hara") // 'O''Hara'
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return pg.escapeLiteral(literalText(value));
}

function literalText(value: unknown): string {
  if (typeof value === 'string') {
    // PostgreSQL text cannot hold NUL, and a literal is no place to find that out.
    if (value.includes('\0')) throw new AppError(400, 'Text must not contain NUL characters');
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Cannot write ${value} as an SQL literal`);
    return String(value);
  }
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError('Cannot write an invalid date as an SQL literal');
    return value.toISOString();
  }
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  return JSON.stringify(value);
}

/** One element of an array literal `{...}`: always double-quoted, `"` and `\` escaped; NULL bare. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  return `"${literalText(value).replace(/[\\"]/g, (m) => `\\${m}`)}"`;
}

/** Kysely's compiler with every value written in place as a literal instead of a `$n` placeholder. */
class InlineValuesCompiler extends PostgresQueryCompiler {
  protected override appendValue(value: unknown): void {
    this.append(sqlLiteral(value));
  }
}

/** The select's SQL with its values inlined (plugins such as camel-case applied first). */
export function inlineSql(db: Kysely<DB>, qb: SelectQueryBuilder<any, any, any>): string {
  const queryId = createQueryId();
  const node = db.getExecutor().transformQuery(qb.toOperationNode(), queryId);
  const compiled = new InlineValuesCompiler().compileQuery(node, queryId);
  if (compiled.parameters.length) throw new Error('A COPY statement cannot carry bind parameters');
  return compiled.sql;
}

const ref = (column: string | Expression<unknown>) => (typeof column === 'string' ? sql.ref(column) : column);

/**
 * A text column for a CSV export, neutralised in SQL as csv.ts does in JavaScript: a value that
 * begins with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`; an empty string is written
 * as an empty cell (like NULL), as the JavaScript writer did.
 */
export function csvText(column: string | Expression<unknown>): RawBuilder<string> {
  const v = sql`(${ref(column)})::text`;
  return sql<string>`case when left(${v}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${v} else nullif(${v}, '') end`;
}

/** A text value inside a JSON column (`address->>'city'`), neutralised. */
export function csvJsonText(column: string, key: string): RawBuilder<string> {
  return csvText(sql`${sql.ref(column)}->>${sql.lit(key)}`);
}

const ADDRESS_PARTS = ['street1', 'street2', 'city', 'state', 'postalCode', 'country'] as const;

/**
 * The six export columns of an address JSON column (spec 01 §3 Address), one per part, headed by the
 * part's name (or `header(part)`): the columns the imports read back.
 * @example ...csvAddress('i.address')  // street1, street2, city, state, postalCode, country
 */
export function csvAddress(column: string, header: (part: string) => string = (part) => part): CsvColumn[] {
  return ADDRESS_PARTS.map((key) => ({ header: header(key), value: csvJsonText(column, key) }));
}

/** A timestamp as JavaScript's `toISOString()` writes it: `2024-01-10T00:00:00.000Z`. */
export function csvIso(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A flag as the spreadsheet's reader expects it: Yes or No. */
export function csvYesNo(column: string): RawBuilder<string> {
  return sql<string>`case when ${sql.ref(column)} then 'Yes' else 'No' end`;
}

/** One export column: its header and the SQL that makes its cell (use the helpers above for text). */
export type CsvColumn = { header: string; value: string | Expression<unknown> };

type Started = { stream: Readable; release: (err?: Error | boolean) => void };

/**
 * Streams a select as CSV through `COPY (select) TO STDOUT WITH (FORMAT csv)` on a connection of its
 * own: PostgreSQL writes the CSV, Node only passes 64 kB chunks on, with back-pressure (constant
 * memory). The header line comes from `columns` (the select's aliases are c0, c1, ... so no plugin
 * renames them). Resolves once PostgreSQL has accepted the statement, so a bad query still answers
 * an error status; the connection goes back to the pool at the end, or is closed when the reader
 * stops early (a client that disconnects mid-export must not leave a connection stuck in COPY).
 * @example return csvAttachment(reply, 'members', copyCsv(db, ordered, columns));
 */
export async function copyCsv(
  db: Kysely<DB>,
  qb: SelectQueryBuilder<any, any, any>,
  columns: CsvColumn[],
): Promise<Readable> {
  const pool = dbPools.get(db);
  if (!pool) throw new Error('copyCsv needs a Db made by createDb (it reads the pool)');
  const select = qb.clearSelect().select(columns.map((c, i) => sql`${ref(c.value)}`.as(`c${i}`)));
  const text = `COPY (${inlineSql(db, select)}) TO STDOUT WITH (FORMAT csv)`;

  const { stream: copy, release } = await start(pool, text);
  const out = new PassThrough();
  out.write(csvLine(columns.map((c) => c.header)));
  pipeline(copy, out, (err) => release(err ?? undefined));
  return out;
}

async function start(pool: pg.Pool, text: string): Promise<Started> {
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    // After an error or an early stop the connection may still be mid-COPY: close it, never reuse it.
    client.release(err);
  };
  const copy = client.query(copyTo(text));
  try {
    await new Promise<void>((resolve, reject) => {
      copy.once('readable', resolve);
      copy.once('end', resolve);
      copy.once('error', reject);
    });
  } catch (err) {
    release(err as Error);
    throw err;
  }
  return { stream: copy, release };
}
