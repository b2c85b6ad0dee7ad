import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DB } from './database.js';
import type { Kysely } from 'kysely';
import { cloneTestDatabase } from '../test/helper.js';

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let db: Kysely<DB>;
beforeAll(async () => {
  database = await cloneTestDatabase();
  db = createDb(database.url, 3);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('a connection the server drops while it is held between statements (a PostgreSQL restart)', () => {
  it('fails the work that holds it, not the process; the pool serves new statements afterwards', async () => {
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    try {
      const held = db.connection().execute(async (conn) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
        // Dropped while idle in our hands: the server's FATAL arrives as an 'error' event on the client.
        await killer.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(conn);
      });
      await expect(held).rejects.toThrow();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await killer.end();
    }
  });
});
