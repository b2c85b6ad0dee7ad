import type { Db } from './db/database.js';
import type { Config } from './config.js';
import type { SessionAccount } from './services/auth/sessions.js';
import type { Storage } from './plugins/storage.js';
import type { AppJobs } from './db/job-queue.js';
import type { Readiness } from './plugins/readiness.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    storage: Storage;
    /** Queues background jobs: `app.jobs.send(name, data, { db: trx })` (server/src/jobs). */
    jobs: AppJobs;
    /** What `/api/health/ready` checks, and the requests in flight a shutdown waits for. */
    readiness: Readiness;
  }
  interface FastifyRequest {
    /** The signed-in account, resolved once per request from the session cookie. */
    account: SessionAccount | null;
  }
}
