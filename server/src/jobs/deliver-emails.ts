import { defineJob } from './define-job.js';
import { deliverQueuedEmails } from '../services/mail/deliver.js';
import { mailConfig } from '../services/mail/mail-config.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'deliver-emails': Record<string, never>;
  }
}

/**
 * Delivers queued sends (server/src/services/mail/deliver.ts: batches, rate, 24 h quota, crash safety).
 * Sent by `queueEmails` in the transaction that queues the sends, and every minute by cron, which
 * picks up what a pass left: the rest after the daily quota was reached, temporary refusals, sends of
 * a pass that died. `singleton`: one pass runs at a time across every worker (others wait their turn).
 */
export const deliverEmails = defineJob({
  name: 'deliver-emails',
  cron: { expression: '* * * * *', tz: 'UTC' },
  policy: 'singleton',
  expireInSeconds: 60 * 60,
  // A pass whose worker died is failed by the heartbeat monitor and retried 5 s later (doubling): it
  // resumes from the send log, so a retry repeats nothing but the sends in doubt.
  retry: { limit: 5, delaySeconds: 5, backoff: true, maxDelaySeconds: 600 },
  async run(_data: Record<string, never>, { db, config, log, signal }) {
    const report = await deliverQueuedEmails(db, mailConfig(config), { log, signal, maxMs: 50 * 60_000 });
    // The minute's pass usually finds nothing: say so only when it did something.
    if (report.sent || report.failed || report.deferred || report.quotaReached) log.info(report, 'delivery pass done');
  },
});
