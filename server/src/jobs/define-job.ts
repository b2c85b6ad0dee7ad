import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/database.js';
import type { AppJobs } from '../db/job-queue.js';
import type { Storage } from '../plugins/storage.js';

/** What a job's `run` gets besides its data: the same services a request handler reaches. */
export type JobContext = {
  db: Kysely<DB>;
  storage: Storage;
  config: Config;
  /** A child of the app's logger carrying `job`, `jobId` and `attempt`. */
  log: FastifyBaseLogger;
  /** The queue, to send further jobs (e.g. the deliveries a batch of emails needs). */
  jobs: AppJobs;
  /**
   * Aborted when the job outlives `expireInSeconds`, its claim is lost (a missed heartbeat made the
   * supervisor fail it) or the worker stops: check it between batches.
   */
  signal: AbortSignal;
  job: { id: string; /** 0 on the first attempt. */ retryCount: number; retryLimit: number };
};

/**
 * pg-boss queue policies that matter here. `standard`: any number queued and running. `singleton`:
 * at most one running across every worker. `stately`: at most one queued and one running (a cron
 * job that must never overlap nor pile up). `exclusive`: one queued or running in all. The policy is
 * fixed when the queue is first created; changing it later needs the queue deleted.
 */
export type JobPolicy = 'standard' | 'singleton' | 'stately' | 'exclusive';

export type JobDefinition<Name extends string = string, Data extends object = object> = {
  /** The queue name: letters, digits, `-`, `_`, `.` and `/`. */
  name: Name;
  /**
   * Does the work of one job. Delivery is at least once (a crash or an expiry runs a job again), so
   * `run` must be idempotent: key every effect by a unique key in the table it writes (insert ...
   * on conflict do nothing, update to a final state, delete what may already be gone). Throwing
   * fails the attempt; it is retried per `retry`, then left failed in `pgboss.job`.
   * Data arrives as JSON: dates are strings.
   */
  run(data: Data, ctx: JobContext): Promise<void>;
  /** Default: 3 retries, 30 s doubling each time (with jitter) up to an hour. */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean; maxDelaySeconds?: number };
  /** A cron expression (5 fields, or 6 with seconds first) and the IANA time zone it reads in (default UTC). */
  cron?: { expression: string; tz?: string };
  policy?: JobPolicy;
  /** How long one attempt may run before it is failed (and retried). Default 15 minutes. */
  expireInSeconds?: number;
  /**
   * A running job's worker touches its row every half of this; a job not touched for this long (its
   * process died) is failed and retried by the queue's supervisor. At least 10; default 10.
   */
  heartbeatSeconds?: number;
  /** Jobs of this kind one worker process runs at once. Default 1. */
  concurrency?: number;
};

// `run` is declared as a method, so its parameter is compared bivariantly: any definition fits here,
// while defineJob has already checked each one's data type against its own `run`.
export type AnyJobDefinition = JobDefinition;

/** The data a job of name `N` takes, read from the definitions `D`. */
export type JobDataOf<D extends AnyJobDefinition, N extends D['name']> = Parameters<Extract<D, { name: N }>['run']>[0];

/**
 * Declares a job; declare its data in JobDataByName (db/job-queue.ts, from the job's own file) and list it in `registry.ts` to have
 * it queued, worked and scheduled.
 * @example
 * // server/src/jobs/send-welcome-email.ts
 * declare module '../db/job-queue.js' { interface JobDataByName { 'send-welcome-email': { accountId: number } } }
 * export const sendWelcomeEmail = defineJob({
 *   name: 'send-welcome-email',
 *   retry: { limit: 5, delaySeconds: 60, backoff: true },
 *   async run({ accountId }: { accountId: number }, { db, log }) {
 *     // Idempotent: the unique (account_id, kind) row makes a second run a no-op.
 *     const sent = await db.insertInto('emailsSent').values({ accountId, kind: 'welcome' })
 *       .onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
 *     if (!sent) return log.info('already sent');
 *     // ... send it
 *   },
 * });
 * // registry.ts: export const jobDefinitions = [purgeUploads, sendWelcomeEmail] as const;
 * // a handler: await app.jobs.send('send-welcome-email', { accountId }, { db: trx });
 */
export function defineJob<const Name extends string, Data extends object>(
  definition: JobDefinition<Name, Data>,
): JobDefinition<Name, Data> {
  return definition;
}
