import type { Kysely, Transaction } from 'kysely';
import type { DB } from './database.js';

/**
 * Each job's data, by queue name. A job declares its entry in its own file, next to `defineJob`:
 * @example declare module '../db/job-queue.js' { interface JobDataByName { 'run-import': { importId: number } } }
 * so whatever queues a job (services, handlers, other jobs) needs neither the registry nor the job's file. These
 * types sit below both services (which queue jobs) and jobs (which run them): jobs are rows of the same database,
 * queued in the caller's transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobDataByName {}

export type SendOptions = {
  /** A Kysely transaction: the job exists only if that transaction commits. */
  db?: Kysely<DB> | Transaction<DB>;
  /** With a `singleton`/`stately`/`exclusive` policy, jobs sharing this key are deduplicated. */
  singletonKey?: string;
  /** Run no earlier than this date, or this many seconds from now. */
  startAfter?: Date | number;
  priority?: number;
};

/** Queues any job by name, its data checked against the job's own declaration (`app.jobs`, a job's `ctx.jobs`). */
export interface AppJobs {
  /**
   * Resolves to the job's id, or null when the queue's policy dropped it as a duplicate.
   * @example await app.jobs.send('run-import', { importId }, { db: trx });
   */
  send<N extends keyof JobDataByName>(name: N, data: JobDataByName[N], options?: SendOptions): Promise<string | null>;
}
