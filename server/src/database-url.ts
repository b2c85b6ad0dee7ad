import type { Config } from './config.js';
import { startEmbeddedPostgres } from './db/embedded.js';

/** DATABASE_URL when set; otherwise the embedded PostgreSQL, started now. */
export async function resolveDatabase(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  return startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
}
