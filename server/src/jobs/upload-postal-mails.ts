import { defineJob } from './define-job.js';
import { uploadDuePostalMails } from '../services/print-vendor/upload.js';
import { printVendorTransfer } from '../services/print-vendor/index.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'upload-postal-mails': Record<string, never>;
  }
}

/**
 * Hands due postal mailings to the print vendor (server/src/services/print-vendor/upload.ts: the steps,
 * and why a crash or a retry never uploads a mailing twice). Every minute by cron; `stately` keeps at
 * most one pass queued and one running, and the pass's advisory lock keeps even an expired one from
 * overlapping the next. A pass that fails (the database unreachable) is retried; the mailings it left
 * are taken up by the next pass.
 */
export const uploadPostalMails = defineJob({
  name: 'upload-postal-mails',
  cron: { expression: '* * * * *', tz: 'UTC' },
  policy: 'stately',
  expireInSeconds: 2 * 60 * 60,
  retry: { limit: 3, delaySeconds: 30, backoff: true, maxDelaySeconds: 600 },
  async run(_data: Record<string, never>, { db, storage, config, log, signal }) {
    const report = await uploadDuePostalMails({ db, storage, log, signal }, printVendorTransfer(config));
    if (report.uploaded || report.failed || report.interrupted) log.info(report, 'postal mailing pass done');
  },
});
