import pg from 'pg';
import { createDb } from './database.js';
import { migrateToLatest } from './migrate.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';

/**
 * One PostgreSQL server on which tests, the browser tests and the bench make their own databases:
 * create (optionally from a template), migrate, drop. Names are quoted, never interpolated raw.
 */
export type DatabaseServer = {
  /** The URL this server was reached by: the connection that creates and drops databases. */
  adminUrl: string;
  /** The URL of database `name` on this server. */
  urlOf: (name: string) => string;
  /** Creates `name` (a copy of `template` when given) unless it exists; answers its URL. */
  ensure: (name: string, template?: string) => Promise<string>;
  /** Creates `name`, applies every migration and answers its URL: a template to clone from, or a database to use. */
  ensureMigrated: (name: string) => Promise<string>;
  /** Drops `name`, letting its pool's sockets close first; forced after a few seconds. */
  drop: (name: string) => Promise<void>;
  /** Drops every database whose name starts with `prefix` (the leftovers of one run). */
  dropAll: (prefix: string) => Promise<void>;
  /** Closes the admin connection and stops the server when this process started it. */
  close: () => Promise<void>;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function withDatabaseName(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The server behind `url` (any database on it). `stop` runs at close: e.g. an embedded server's. */
export async function connectDatabaseServer(
  adminUrl: string,
  stop: () => Promise<void> = async () => {},
): Promise<DatabaseServer> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = async (name: string) =>
    !!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;

  const server: DatabaseServer = {
    adminUrl,
    urlOf: (name) => withDatabaseName(adminUrl, name),
    ensure: async (name, template) => {
      if (!(await exists(name)))
        await admin.query(`create database ${quote(name)}${template ? ` template ${quote(template)}` : ''}`);
      return server.urlOf(name);
    },
    ensureMigrated: async (name) => {
      const db = createDb(await server.ensure(name), 1);
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      return server.urlOf(name);
    },
    drop: async (name) => {
      // A pool just destroyed may still be saying goodbye; a forced drop would cut it mid-sentence.
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          await admin.query(`drop database if exists ${quote(name)}`);
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await admin.query(`drop database if exists ${quote(name)} with (force)`);
    },
    dropAll: async (prefix) => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${quote(datname)} with (force)`);
    },
    close: async () => {
      await admin.end();
      await stop();
    },
  };
  return server;
}

// One embedded test server per process, however many vitest projects ask for it (they share a port and a
// data folder). Vitest evaluates each project's global setup, and so this module, once per project: the
// slot lives on globalThis so that every copy finds the one server.
const EMBEDDED_TEST_SERVER = Symbol.for('honor-society.embedded-test-server');
type EmbeddedSlot = { server: Promise<EmbeddedDatabase>; users: number };
const slot = globalThis as typeof globalThis & { [EMBEDDED_TEST_SERVER]?: EmbeddedSlot };

/**
 * The server for throw-away test databases: TEST_DATABASE_URL's when set, else the embedded
 * PostgreSQL in `.data/test` (on EMBEDDED_TEST_PG_PORT, default 54339, without fsync: its data is
 * thrown away anyway).
 */
export async function testDatabaseServer(): Promise<DatabaseServer> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return connectDatabaseServer(url);
  slot[EMBEDDED_TEST_SERVER] ??= {
    server: startEmbeddedPostgres('.data/test', Number(process.env.EMBEDDED_TEST_PG_PORT ?? 54339), 'app', {
      durable: false,
    }),
    users: 0,
  };
  const mine = slot[EMBEDDED_TEST_SERVER];
  mine.users++;
  const started = await mine.server;
  return connectDatabaseServer(started.url, async () => {
    if (--mine.users > 0) return;
    if (slot[EMBEDDED_TEST_SERVER] === mine) delete slot[EMBEDDED_TEST_SERVER];
    await started.stop();
  });
}
