import { runDnsCheck } from '../services/deliverability/dns-check.js';
import { defineJob } from './define-job.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'check-sending-dns': Record<string, never>;
  }
}

/**
 * Daily: looks up the sending domain's SPF, DKIM and DMARC records (issue 37 §4) and keeps the result, which
 * the deliverability page shows; a record missing is logged as a warning.
 */
export const checkSendingDnsJob = defineJob({
  name: 'check-sending-dns',
  cron: { expression: '23 6 * * *', tz: 'UTC' },
  policy: 'stately',
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  async run(_data: Record<string, never>, { db, config, log }) {
    const check = await runDnsCheck(db, config);
    const missing = check.records.filter((r) => !r.ok);
    if (missing.length)
      log.warn({ domain: check.domain, problems: missing.map((r) => r.problem) }, 'sending domain DNS check failed');
    else log.info({ domain: check.domain }, 'sending domain DNS check passed');
  },
});
