import { defineJob } from './define-job.js';
import { issueCompletedBadges } from '../services/badges/badges.js';
import { baseOf } from '../services/signed-link.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'issue-badges': { accountId: number };
  }
}

/**
 * Issues the Open Badges of the account's completed programs (issue 38 §4). Queued in the transaction that
 * records a program's progress reaching 100% (services/learning-progress finishProgram), so the badge is there
 * without anyone looking; a run again issues nothing more (one credential per account and program).
 */
export const issueBadgesJob = defineJob({
  name: 'issue-badges',
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  async run(data: { accountId: number }, { db, config, log }) {
    const issued = await issueCompletedBadges(db, config, baseOf({ baseUrl: config.PUBLIC_URL }), data.accountId);
    log.info({ accountId: data.accountId, issued }, 'badges issued');
  },
});
