import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Kysely } from 'kysely';
import { beginAudited } from './audit-context.js';
import { dbPools, type DB } from './database.js';

/**
 * Bulk writes through `COPY ... FROM STDIN`: PostgreSQL's own loader, about twice the speed of batched
 * inserts, with a raw pool client (Kysely does not lend one) in a transaction of its own.
 */

/**
 * One CSV field for COPY's input, not csv.ts's `csvCell` (written for people's spreadsheets): nothing is
 * neutralised, and an empty string stays apart from NULL (an unquoted empty field) because text is always quoted.
 */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `"${text.replaceAll('"', '""')}"`;
}

function* csvChunks(rows: Iterable<readonly unknown[]>): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${row.map(field).join(',')}\n`;
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Writes `rows` (values in `columns` order) into `table` with COPY on `client`. */
export async function copyRowsIn(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly unknown[]>,
): Promise<void> {
  const names = columns.map((c) => pg.escapeIdentifier(c)).join(', ');
  await pipeline(
    Readable.from(csvChunks(rows)),
    client.query(copyFrom(`COPY ${pg.escapeIdentifier(table)} (${names}) FROM STDIN WITH (FORMAT csv)`)),
  );
}

/**
 * Runs `work` in a transaction on a raw client of `db`'s pool: committed when it resolves, rolled back
 * when it throws (the connection is then closed rather than reused: it may have been mid-COPY). The
 * transaction carries the current audit actor, if any (db/audit-context.ts), and only it.
 */
export async function inRawTransaction<T>(db: Kysely<DB>, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const pool = dbPools.get(db);
  if (!pool) throw new Error('inRawTransaction needs a Db made by createDb (it reads the pool)');
  const client = await pool.connect();
  try {
    await client.query(beginAudited());
    const result = await work(client);
    await client.query('commit');
    client.release();
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    client.release(true);
    throw err;
  }
}
