import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { AppJobs, JobDataByName } from '../db/job-queue.js';
import type { AnyJobDefinition } from '../jobs/define-job.js';
import type { TestApp } from './helper.js';

export type QueuedJob = { name: keyof JobDataByName; data: unknown };

/**
 * For tests: an app's `jobs` that keeps what is queued (name and data, as JSON would carry it) and runs the
 * queued jobs of the given definitions on demand, one after another as a worker would; what those jobs
 * queue in turn is kept too. Jobs of other names stay queued and are never run.
 * @example t.app.jobs = jobs = jobRecorder(t); ...; await jobs.run([forgotPasswordLinkJob]);
 */
export function jobRecorder(t: Pick<TestApp, 'app' | 'db' | 'config'>) {
  const queued: QueuedJob[] = [];
  const log = pino({ level: 'silent' }) as FastifyBaseLogger;
  const jobs = {
    queued,
    async send(name: keyof JobDataByName, data: unknown) {
      queued.push({ name, data: JSON.parse(JSON.stringify(data)) });
      return String(queued.length);
    },
    /** The names queued so far, in order. */
    names: () => queued.map((job) => job.name),
    async run(definitions: readonly AnyJobDefinition[]) {
      for (let i = 0; i < queued.length;) {
        const definition = definitions.find((d) => d.name === queued[i]!.name);
        if (!definition) {
          i++;
          continue;
        }
        const { data } = queued.splice(i, 1)[0]!;
        await definition.run(data as object, {
          db: t.db,
          storage: t.app.storage,
          config: t.config,
          log,
          jobs,
          signal: new AbortController().signal,
          job: { id: 'recorded', retryCount: 0, retryLimit: 0 },
        });
      }
    },
  };
  return jobs as typeof jobs & AppJobs;
}
