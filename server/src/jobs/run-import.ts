import { defineJob } from './define-job.js';
import { runImport } from '../services/record-import/run.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'run-import': { importId: number };
  }
}

/**
 * Runs one import of institutions, chapters or accounts (server/src/services/record-import), queued by
 * `POST /api/admin/imports` in the same transaction as the import's row. A retry resumes where the
 * last committed batch left it; the last attempt's error ends the import as Failed with its reason.
 */
export const runImportJob = defineJob({
  name: 'run-import',
  expireInSeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 10, backoff: true, maxDelaySeconds: 300 },
  concurrency: 1,
  async run(data: { importId: number }, { db, storage, log, signal, job }) {
    const lastAttempt = job.retryCount >= job.retryLimit;
    const outcome = await runImport({ db, storage, signal }, data.importId, { lastAttempt });
    log.info({ importId: data.importId, outcome }, 'import run');
  },
});
