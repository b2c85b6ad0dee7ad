import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { startEmbeddedPostgres } from '../db/embedded.js';

/**
 * The database and storage folder a backup or restore works on: DATABASE_URL, or the embedded
 * PostgreSQL (the running one when `npm start` has it up, else started for the while); the local
 * storage's folder, or null with STORAGE=s3 (the bucket keeps its own copies: versioning, replication).
 */
export async function productDatabase(
  config: Config,
): Promise<{ url: string; filesDir: string | null; stop: () => Promise<void> }> {
  const filesDir = config.STORAGE === 'local' ? path.resolve(config.DATA_DIR, 'files') : null;
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, filesDir, stop: async () => {} };
  const url = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/app`;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  const running = await probe.connect().then(
    () => true,
    () => false,
  );
  await probe.end().catch(() => {});
  if (running) return { url, filesDir, stop: async () => {} };
  const started = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
  return { url: started.url, filesDir, stop: started.stop };
}
