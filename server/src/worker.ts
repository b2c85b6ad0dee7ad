import { pino } from 'pino';
import { loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createStorage } from './plugins/storage.js';
import { createJobQueue } from './jobs/registry.js';
import { runProcess } from './run-process.js';

/**
 * `npm run worker`: runs the job handlers and schedules, no HTTP. Start as many as needed beside API
 * instances started with RUN_WORKERS=false; all share DATABASE_URL. Same configuration as the server.
 */
runProcess(async ({ onStop, setLog, setShutdownSeconds }) => {
  const config = loadConfig();
  setShutdownSeconds(config.SHUTDOWN_SECONDS);
  if (!config.DATABASE_URL) {
    // The embedded PostgreSQL belongs to the one `npm start` that started it (its data folder is
    // locked to one server): a second process cannot start it too, nor outlive it safely.
    throw new Error(
      'npm run worker needs DATABASE_URL: the embedded PostgreSQL runs inside `npm start`, which already runs the workers ' +
        '(RUN_WORKERS defaults to true). Set DATABASE_URL to the database the API instances use.',
    );
  }
  const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, role: 'worker' } });
  setLog(log);
  const db = createDb(config.DATABASE_URL, 5);
  onStop(() => db.destroy());
  // The jobs read the app's tables: migrate like the server does (Kysely's migrator takes a lock).
  await migrateToLatest(db);
  const jobs = createJobQueue({
    connectionString: config.DATABASE_URL,
    services: { db, storage: await createStorage(config), config },
    work: true,
    // No requests to drain: all of SHUTDOWN_SECONDS but the 2 s the database's close takes is for running jobs.
    stopTimeoutMs: Math.max(1000, config.SHUTDOWN_SECONDS * 1000 - 2000),
  });
  onStop(() => jobs.stop());
  await jobs.start(log);
  log.info('worker running');
});
