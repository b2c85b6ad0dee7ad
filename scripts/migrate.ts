/** Applies every pending migration: `npm run migrate` (DATABASE_URL, or the embedded PostgreSQL). */
import { loadConfig } from '../server/src/config.js';
import { resolveDatabase } from '../server/src/database-url.js';
import { createDb } from '../server/src/db/database.js';
import { migrateToLatest } from '../server/src/db/migrate.js';

async function main() {
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // no .env file: the environment alone configures the run
  }
  const config = loadConfig();
  const database = await resolveDatabase(config);
  const db = createDb(database.url, 1);
  try {
    const applied = await migrateToLatest(db);
    const where = config.DATABASE_URL ? 'DATABASE_URL' : `the embedded PostgreSQL (port ${config.EMBEDDED_PG_PORT})`;
    console.log(applied.length ? `Applied to ${where}:\n${applied.map((m) => `  ${m}`).join('\n')}` : `Nothing to apply: ${where} is up to date.`);
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
