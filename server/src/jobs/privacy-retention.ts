import { defineJob } from './define-job.js';
import { runRetention } from '../services/privacy/retention.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'privacy-retention': { batchSize?: number };
  }
}

/**
 * Nightly retention of personal data (services/privacy/retention.ts): invitees who never pledged anonymised
 * INVITEE_RETENTION_DAYS after their invitation's deadline, postal mailing files of that age deleted, sends older
 * than SEND_LOG_RETENTION_DAYS anonymised. Short batches (skip locked), so sending beside it never stalls.
 */
export const privacyRetentionJob = defineJob({
  name: 'privacy-retention',
  cron: { expression: '41 2 * * *', tz: 'UTC' },
  policy: 'stately',
  expireInSeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  async run({ batchSize }: { batchSize?: number }, { db, storage, config, log, signal }) {
    const outcome = await runRetention(db, storage, {
      inviteeDays: config.INVITEE_RETENTION_DAYS,
      sendLogDays: config.SEND_LOG_RETENTION_DAYS,
      batchSize,
      signal,
    });
    log.info(outcome, 'personal data retention');
  },
});
