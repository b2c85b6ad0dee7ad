/**
 * One import run in a process of its own, as a worker would (scripts/bench/imports.ts spawns it): argv
 * the database's name and the import's id; prints `{ms, peakRssMb, outcome}` as JSON.
 */
import { loadConfig } from '../../server/src/config.js';
import { createDb } from '../../server/src/db/database.js';
import { resolveDatabase } from '../../server/src/database-url.js';
import { connectDatabaseServer } from '../../server/src/db/database-server.js';
import { createStorage } from '../../server/src/plugins/storage.js';
import { runImport } from '../../server/src/services/record-import/run.js';

const [database, importId] = process.argv.slice(2);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATA_DIR: process.env.DATA_DIR ?? '.data',
});
const resolved = await resolveDatabase(config);
const server = await connectDatabaseServer(resolved.url, resolved.stop);
const db = createDb(server.urlOf(database!), 4);
const storage = await createStorage(config);
const started = performance.now();
const outcome = await runImport({ db, storage }, Number(importId), { lastAttempt: true });
const ms = performance.now() - started;
await db.destroy();
await server.close();
console.log(JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024, outcome }));
