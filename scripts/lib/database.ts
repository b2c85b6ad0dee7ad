import path from 'node:path';
import { loadConfig, type Config } from '../../server/src/config.js';
import { resolveDatabase } from '../../server/src/database-url.js';
import { EmbeddedAlreadyRunningError } from '../../server/src/db/embedded.js';
import { createDb, type Db } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';

/**
 * Runs a script against the product's database (DATABASE_URL, or the embedded PostgreSQL), migrated
 * to the latest version, and closes everything afterwards.
 */
export async function withDatabase<T>(
  fn: (db: Db, ctx: { config: Config; url: string; applied: string[] }) => Promise<T>,
): Promise<T> {
  loadEnvFile();
  const config = loadConfig();
  const database = await scriptDatabase(config);
  const db = createDb(database.url, 4);
  try {
    const applied = await migrateToLatest(db);
    return await fn(db, { config, url: database.url, applied });
  } finally {
    await db.destroy();
    await database.stop();
  }
}

/**
 * The product's database for a script: beside a running `npm start`, the embedded PostgreSQL it runs on the same
 * data folder (found through the cluster's postmaster.pid) instead of failing to start a second one.
 */
async function scriptDatabase(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  try {
    return await resolveDatabase(config);
  } catch (err) {
    if (!(err instanceof EmbeddedAlreadyRunningError) || !err.runningUrl) throw err;
    console.log(`The embedded PostgreSQL of this data folder is running (npm start): using it.`);
    return { url: err.runningUrl, stop: async () => {} };
  }
}

/** Reads `.env` when there is one, as the server does. */
export function loadEnvFile(): void {
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // no .env file: the environment alone configures the run
  }
}

/** The one folder argument of `npm run <script> -- <dir>`; exits with the usage line without it. */
export function folderArgument(script: string): string {
  const dir = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!dir) {
    console.error(`Usage: npm run ${script} -- <folder>`);
    process.exit(2);
  }
  return path.resolve(dir);
}

/** Reads `--name value` from the command line. */
export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export function runMain(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err instanceof Error && process.env.DEBUG ? err.stack : err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
