import { loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createStorage } from './plugins/storage.js';
import { buildApp } from './app.js';
import { ensureAdmin } from './bootstrap.js';
import { resolveDatabase } from './database-url.js';

async function main() {
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // no .env file: the environment alone configures the server
  }
  const config = loadConfig();
  const database = await resolveDatabase(config);
  const db = createDb(database.url);
  await migrateToLatest(db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  const app = await buildApp({ config, db, storage: await createStorage(config), serveClient: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await db.destroy();
    await database.stop();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Serving the admin on http://${config.HOST}:${config.PORT}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
