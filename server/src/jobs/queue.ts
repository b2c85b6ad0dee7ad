import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { PgBoss, fromKysely, type JobWithMetadata } from 'pg-boss';
import type { Config } from '../config.js';
import type { DB } from '../db/database.js';
import type { Storage } from '../plugins/storage.js';
import type { AnyJobDefinition, JobContext, JobDataOf } from './define-job.js';
import type { SendOptions } from '../db/job-queue.js';

/**
 * The job queue: pg-boss on the app's database, schema `pgboss` (created and migrated on start).
 *
 * Every process that sends jobs starts one; only processes with `work: true` (the API by default,
 * `npm run worker` always) run the handlers, the cron pass and pg-boss's maintenance. Any number
 * of them may share one database: workers claim jobs with `SKIP LOCKED`, and a cron occurrence
 * becomes one job however many workers see it.
 *
 * Each attempt is logged through the app's pino logger: `job started` (with `attempt`),
 * `job succeeded` (with `ms`) or `job failed` (with `err` and `willRetry`).
 * Jobs themselves are declared with `defineJob` (see define-job.ts) and listed in registry.ts.
 */
export type JobQueueOptions<D extends AnyJobDefinition> = {
  connectionString: string;
  definitions: readonly D[];
  /** What every job's `run` receives (with its own logger and job details). */
  services: { db: Kysely<DB>; storage: Storage; config: Config };
  /** Run the handlers, the cron schedules and pg-boss's maintenance in this process. */
  work: boolean;
  /** How often an idle worker looks for jobs (pg-boss polls; at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Connections pg-boss's own pool may open. Default 4. */
  poolSize?: number;
  /** How long stop() lets running jobs finish before failing them (they are retried later). Default 8 s. */
  stopTimeoutMs?: number;
  /**
   * How often the supervisor looks for jobs whose worker stopped beating (and for expired ones).
   * Default 10 s: with 10 s heartbeats a dead process's job is failed and retried within about 20 s.
   */
  monitorIntervalSeconds?: number;
};

export type { SendOptions } from '../db/job-queue.js';

/** What request handlers use (`app.jobs`). */
export interface Jobs<D extends AnyJobDefinition = AnyJobDefinition> {
  /**
   * Queues a job; resolves to its id, or null when the queue's policy dropped it as a duplicate.
   * @example await app.jobs.send('send-welcome-email', { accountId }, { db: trx });
   */
  send<N extends D['name']>(name: N, data: JobDataOf<D, N>, options?: SendOptions): Promise<string | null>;
}

const DEFAULT_RETRY = { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 3600 };
/** pg-boss's smallest heartbeat: a running job's row is touched every 5 s, and failed 10 s after the last touch. */
export const DEFAULT_HEARTBEAT_SECONDS = 10;
/** How long stop() waits for handlers whose jobs it handed back to notice their aborted signal and return. */
const HANDED_BACK_GRACE_MS = 1500;

export class JobQueue<D extends AnyJobDefinition> implements Jobs<D> {
  /** The pg-boss instance, for inspection (findJobs, getSchedules) in tests and tools. */
  readonly boss: PgBoss;
  #options: JobQueueOptions<D>;
  #log: FastifyBaseLogger | undefined;
  #started = false;
  /** Handlers running in this process: stop() waits for them after their jobs were handed back. */
  #running = new Set<Promise<unknown>>();

  constructor(options: JobQueueOptions<D>) {
    this.#options = options;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: 'pgboss',
      max: options.poolSize ?? 4,
      application_name: options.work ? 'jobs-worker' : 'jobs-sender',
      supervise: options.work,
      schedule: options.work,
      // The supervisor fails jobs whose worker stopped beating (a crash, a kill, a lost machine); pg-boss's
      // default pass (60 s) would let a dead delivery pass hold its singleton queue for that long.
      superviseIntervalSeconds: options.monitorIntervalSeconds ?? 10,
      monitorIntervalSeconds: options.monitorIntervalSeconds ?? 10,
    });
  }

  /**
   * Installs or migrates the `pgboss` schema, creates the queues, and with `work` schedules and works
   * them. `log` is the app's logger (`app.log`): the queue exists before the app that it is given to.
   */
  async start(log: FastifyBaseLogger): Promise<void> {
    const { definitions, work } = this.#options;
    this.#log = log;
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
    this.boss.on('warning', (warning) => log.warn({ warning: warning.data }, warning.message));
    await this.boss.start();
    this.#started = true;
    for (const def of definitions) await this.#ensureQueue(def);
    if (work) {
      for (const def of definitions) {
        if (def.cron) await this.boss.schedule(def.name, def.cron.expression, {}, { tz: def.cron.tz ?? 'UTC' });
        else await this.boss.unschedule(def.name); // a schedule since removed from the definition
        await this.#work(def);
      }
    }
    log.info({ queues: definitions.map((d) => d.name), work }, 'job queue started');
  }

  async send<N extends D['name']>(name: N, data: JobDataOf<D, N>, options: SendOptions = {}): Promise<string | null> {
    if (!this.#started) throw new Error('The job queue is not started');
    const { db, startAfter, ...rest } = options;
    return this.boss.send(name, data as object, {
      ...rest,
      ...(startAfter !== undefined ? { startAfter } : {}),
      // Without plugins: pg-boss reads its own column names, which CamelCasePlugin would rename.
      ...(db ? { db: fromKysely(db.withoutPlugins()) } : {}),
    });
  }

  /** Stops taking jobs, lets running ones finish for a while, then closes pg-boss's pool. */
  async stop(): Promise<void> {
    this.#started = false;
    // Also right for a start still in flight (pg-boss waits for it) or never made (nothing to do).
    await this.boss.stop({ graceful: true, timeout: this.#options.stopTimeoutMs ?? 8000, close: true });
    // Jobs still running were failed (retried by another worker) and their signals aborted: let their
    // handlers record what they did (e.g. the emails already sent) before the database closes.
    await Promise.race([
      Promise.allSettled(this.#running),
      new Promise((resolve) => setTimeout(resolve, HANDED_BACK_GRACE_MS).unref()),
    ]);
    this.#log?.info('job queue stopped');
  }

  async #ensureQueue(def: D) {
    const retry = { ...DEFAULT_RETRY, ...def.retry };
    const options = {
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      retryDelayMax: retry.maxDelaySeconds,
      expireInSeconds: def.expireInSeconds ?? 15 * 60,
      // Every job beats while it runs: the work of a process that died is failed and retried within
      // seconds (heartbeat + monitor pass + retry delay), never only after expireInSeconds.
      heartbeatSeconds: def.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
    };
    const policy = def.policy ?? 'standard';
    // createQueue leaves an existing queue as it is; updateQueue applies a changed retry policy.
    await this.boss.createQueue(def.name, { ...options, policy });
    await this.boss.updateQueue(def.name, options);
    const existing = await this.boss.getQueue(def.name);
    if (existing && existing.policy !== policy) {
      this.#log?.warn(
        { job: def.name, stored: existing.policy, declared: policy },
        'job policy changed: delete the queue to apply it',
      );
    }
  }

  async #work(def: D) {
    const { services, pollingIntervalSeconds = 2 } = this.#options;
    const log = this.#log!;
    const options = {
      includeMetadata: true,
      batchSize: 1,
      localConcurrency: def.concurrency ?? 1,
      pollingIntervalSeconds,
    } as const;
    await this.boss.work(def.name, options, async (jobs: JobWithMetadata<object>[]) => {
      for (const job of jobs) {
        const jobLog = log.child({ job: def.name, jobId: job.id, attempt: job.retryCount + 1 });
        const started = performance.now();
        const ms = () => Math.round(performance.now() - started);
        jobLog.info(job.retryCount > 0 ? 'job started (retry)' : 'job started');
        try {
          const running = def.run(job.data, {
            ...services,
            jobs: this as unknown as JobContext['jobs'],
            log: jobLog,
            signal: job.signal,
            job: { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
          });
          this.#running.add(running);
          await running.finally(() => this.#running.delete(running));
          jobLog.info({ ms: ms() }, 'job succeeded');
        } catch (err) {
          const willRetry = job.retryCount < job.retryLimit;
          jobLog.error({ err, ms: ms(), willRetry }, willRetry ? 'job failed, will retry' : 'job failed for good');
          throw err;
        }
      }
    });
  }
}

/** `app.jobs` when buildApp was given no queue (most tests): sending is a clear error, not a silent no-op. */
export const jobsNotStarted: Jobs = {
  async send(name) {
    throw new Error(`Cannot send job ${name}: no job queue was given to buildApp`);
  },
};
