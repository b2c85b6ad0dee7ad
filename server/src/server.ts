import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { createDb, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createStorage } from './plugins/storage.js';
import { buildApp } from './app.js';
import { ensureAdmin } from './bootstrap.js';
import { resolveDatabase } from './database-url.js';

// What has started so far, stopped in reverse order on a signal, even one that arrives mid-start.
let app: FastifyInstance | undefined;
let db: Db | undefined;
let database: { stop: () => Promise<void> } | undefined;
let closing = false;

async function shutdown(signal: string, code = 0) {
  if (closing) return;
  closing = true;
  if (app) app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  await app?.close().catch(() => {});
  await db?.destroy().catch(() => {});
  await database?.stop().catch(() => {});
  clearTimeout(timer);
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // no .env file: the environment alone configures the server
  }
  const config = loadConfig();
  const resolved = await resolveDatabase(config);
  database = resolved;
  db = createDb(resolved.url);
  await migrateToLatest(db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  app = await buildApp({ config, db, storage: await createStorage(config), serveClient: true });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Serving the admin on http://${config.HOST}:${config.PORT}`);
}

main().catch(async (err) => {
  if (closing) return; // a signal interrupted the start: shutdown() reports and exits
  console.error(err instanceof Error ? err.message : err);
  await shutdown('start failed', 1);
});
