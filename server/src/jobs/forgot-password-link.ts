import { defineJob } from './define-job.js';
import { issueForgottenPasswordLink } from '../services/auth/password-links.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'forgot-password-link': { email: string; ip: string };
  }
}

/**
 * Emails a set-password link for "Forgot password?" (POST /api/public/forgot-password queues this for every
 * address it accepts; the job alone looks the address up). A run again within a minute issues nothing new.
 */
export const forgotPasswordLinkJob = defineJob({
  name: 'forgot-password-link',
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  async run(data: { email: string; ip: string }, { db, jobs, config, log }) {
    const issued = await issueForgottenPasswordLink(db, jobs, data, { baseUrl: config.PUBLIC_URL });
    log.info({ issued }, 'forgot-password link');
  },
});
