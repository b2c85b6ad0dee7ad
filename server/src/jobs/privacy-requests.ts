import { defineJob, type JobContext } from './define-job.js';
import { failRequest, runErasure, runExport } from '../services/privacy/requests.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'privacy-export': { requestId: number };
    'privacy-erase': { requestId: number };
  }
}

/** Runs `work`; the last attempt's error ends the request as Failed with its message. */
async function attempt(ctx: JobContext, requestId: number, work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    if (ctx.job.retryCount >= ctx.job.retryLimit) await failRequest(ctx.db, requestId, (err as Error).message);
    throw err;
  }
}

/**
 * Builds the zip of one person's data (right of access) for `POST /api/admin/tech/privacy/exports`, queued in
 * the request's transaction. Idempotent: a retry builds it again under a new key; a Done request is left alone.
 */
export const privacyExportJob = defineJob({
  name: 'privacy-export',
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  async run({ requestId }: { requestId: number }, ctx) {
    await attempt(ctx, requestId, () => runExport(ctx, requestId));
    ctx.log.info({ requestId }, 'privacy export built');
  },
});

/**
 * Erases one person (services/privacy/erase.ts) for `POST /api/admin/tech/privacy/erasures`, once queued
 * (at once, or on a second staff member's confirmation). Idempotent: a retry finds the placeholders.
 */
export const privacyEraseJob = defineJob({
  name: 'privacy-erase',
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  async run({ requestId }: { requestId: number }, ctx) {
    await attempt(ctx, requestId, () => runErasure(ctx, requestId));
    ctx.log.info({ requestId }, 'person erased');
  },
});
