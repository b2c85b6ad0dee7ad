import { defineJob } from './define-job.js';
import { processInvitationDatabase } from '../services/invitation-processing/process.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'process-invitation-database': { invitationId: number; run: string };
  }
}

/**
 * Reads, cleans and stores an invitation's uploaded database (server/src/services/invitation-processing).
 * Queued by the invitation's save in the same transaction; `run` is the invitation's processing run at
 * that moment, so a job for a database that was since replaced does nothing. A crash or a retry starts
 * the run over: its invitees are deleted first, so none is stored twice. When the last attempt fails,
 * the invitation goes back to Draft with the reason.
 */
export const processInvitationDatabaseJob = defineJob({
  name: 'process-invitation-database',
  expireInSeconds: 30 * 60,
  retry: { limit: 3, delaySeconds: 15, backoff: true, maxDelaySeconds: 300 },
  concurrency: 2,
  async run(data: { invitationId: number; run: string }, { db, storage, log, signal, job }) {
    const lastAttempt = job.retryCount >= job.retryLimit;
    const outcome = await processInvitationDatabase({ db, storage, log, signal }, data, { lastAttempt });
    log.info({ invitationId: data.invitationId, ...outcome }, 'invitation database processed');
  },
});
