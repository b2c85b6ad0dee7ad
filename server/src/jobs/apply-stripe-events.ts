import type Stripe from 'stripe';
import { defineJob } from './define-job.js';
import { applyStripeEvent } from '../services/payments/stripe-apply.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'apply-stripe-events': { events: Stripe.Event[] };
  }
}

/**
 * Applies verified Stripe events (the webhook answers once they are queued, as Stripe asks of a webhook): the
 * payment, the member and the welcome, or a refund. Each event in its own transaction, exactly once: its id is kept
 * with its effects, so a retry of this job, or the same event queued twice by two deliveries, changes nothing again.
 * An event that fails does not hold back the others; the job then fails and its retry applies what is left.
 */
export const applyStripeEvents = defineJob({
  name: 'apply-stripe-events',
  concurrency: 2,
  retry: { limit: 10, delaySeconds: 10, backoff: true, maxDelaySeconds: 3600 },
  async run({ events }: { events: Stripe.Event[] }, { db, jobs, config, log }) {
    const failed: string[] = [];
    let duplicates = 0;
    for (const event of events) {
      try {
        if (await applyStripeEvent(db, { jobs, config, log }, event)) duplicates++;
      } catch (err) {
        log.error({ err, eventId: event.id }, 'stripe event not applied');
        failed.push(event.id);
      }
    }
    if (failed.length) throw new Error(`Stripe events not applied: ${failed.join(', ')}`);
    log.info({ events: events.length, duplicates }, 'stripe events applied');
  },
});
