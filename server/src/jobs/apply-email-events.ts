import { defineJob } from './define-job.js';
import { applyProviderEvents, type ProviderEvent } from '../services/mail/webhook-events.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'apply-email-events': { events: ProviderEvent[] };
  }
}

/**
 * Applies one webhook batch of provider events (the webhook answers at once and queues this):
 * flags on sends and invitees, blocked addresses; an event id seen before is skipped, so a retry
 * (or the provider sending the batch again) changes nothing.
 */
export const applyEmailEvents = defineJob({
  name: 'apply-email-events',
  concurrency: 2,
  retry: { limit: 5, delaySeconds: 10, backoff: true, maxDelaySeconds: 600 },
  async run({ events }: { events: ProviderEvent[] }, { db, log }) {
    const result = await applyProviderEvents(db, events);
    log.info(result, 'provider events applied');
  },
});
