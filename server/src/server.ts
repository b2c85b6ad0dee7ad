import { loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createStorage } from './plugins/storage.js';
import { buildApp } from './app.js';
import { ensureAdmin } from './bootstrap.js';
import { resolveDatabase } from './database-url.js';
import { resealSecrets } from './services/auth/secret-box.js';
import { createJobQueue } from './jobs/registry.js';
import { runProcess } from './run-process.js';
import { drainHttp, shutdownBudget } from './shutdown.js';
import { warnWithoutDmarc } from './services/deliverability/dns-check.js';

// Each part registers its stop as soon as it has started: a signal stops the app first (readiness
// 503 at once, requests in flight answered, then no new requests send jobs), then the job queue
// (running jobs still need the database), then the database; all within SHUTDOWN_SECONDS.
runProcess(async ({ onStop, setLog, setShutdownSeconds }) => {
  const config = loadConfig();
  setShutdownSeconds(config.SHUTDOWN_SECONDS);
  const budget = shutdownBudget(config);
  const database = await resolveDatabase(config);
  onStop(() => database.stop());
  const db = createDb(database.url);
  onStop(() => db.destroy());
  await migrateToLatest(db);
  // SECRETS_KEY rotation: secrets sealed under SECRETS_KEY_PREVIOUS (or the database's key of old) are sealed again.
  const resealed = await resealSecrets(db, config);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD)
    await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, { reset: config.ADMIN_RESET });

  const storage = await createStorage(config);
  // Every instance sends jobs; RUN_WORKERS=false leaves running them to `npm run worker`.
  const jobs = createJobQueue({
    connectionString: database.url,
    services: { db, storage, config },
    work: config.RUN_WORKERS,
    stopTimeoutMs: budget.jobsMs,
  });
  onStop(() => jobs.stop());
  const app = await buildApp({ config, db, storage, jobs, serveClient: true });
  app.readiness.check('jobs', async () => {
    if (!(await jobs.boss.isInstalled())) throw new Error('the pgboss schema is missing');
  });
  setLog(app.log);
  if (resealed) app.log.info(`${resealed} second-factor secret(s) sealed again under SECRETS_KEY`);
  onStop(() => drainHttp(app, budget.drainMs));
  await jobs.start(app.log);

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Serving the admin on http://${config.HOST}:${config.PORT}`);
  // Issue 37 §4: a production start warns when the sending domain publishes no DMARC policy (in the background).
  if (config.NODE_ENV === 'production') void warnWithoutDmarc(db, config, app.log);
});
