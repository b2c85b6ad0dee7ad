// Acknowledging a Stripe webhook call: the event verified over its raw body, then stored for the
// apply-stripe-events job (stripe-apply.ts applies it), so the webhook answers Stripe at once.
import Stripe from 'stripe';
import type { Db } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event of a webhook call, or null for a wrong signature, a timestamp more than the tolerance in the
 * past or in the future (Stripe's check accepts future ones), or a body that is not an event.
 */
export function verifiedStripeEvent(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Stripe.Event | null {
  if (!header) return null;
  const t = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
  if (!Number.isFinite(t) || t > nowSeconds + WEBHOOK_TOLERANCE_SECONDS) return null;
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return null;
  }
  const e = event as Partial<Stripe.Event> | null;
  if (
    !e ||
    typeof e !== 'object' ||
    typeof e.id !== 'string' ||
    typeof e.type !== 'string' ||
    !e.data ||
    typeof e.data.object !== 'object'
  )
    return null;
  return event;
}

/** At most this many events in one job (a burst is split): a job's data stays a few hundred KB. */
const EVENTS_PER_JOB = 200;

type Waiting = { event: Stripe.Event; resolve: (duplicate: boolean) => void; reject: (err: unknown) => void };
type Batcher = { waiting: Waiting[]; storing: boolean };
const batchers = new WeakMap<AppJobs, Batcher>();

/**
 * Queues a verified event for `apply-stripe-events`; resolves once it is stored, to whether it had been applied
 * already (a redelivery, not queued again). Stripe posts one event per request: the events that arrive while a
 * batch is being stored are stored together next (one lookup, one job per 200), so a burst of a thousand costs
 * tens of statements before each is acknowledged, and a lone event is stored at once.
 */
export function queueStripeEvent(db: Db, jobs: AppJobs, event: Stripe.Event): Promise<boolean> {
  let batcher = batchers.get(jobs);
  if (!batcher) batchers.set(jobs, (batcher = { waiting: [], storing: false }));
  const stored = new Promise<boolean>((resolve, reject) => batcher.waiting.push({ event, resolve, reject }));
  if (!batcher.storing) {
    batcher.storing = true;
    setImmediate(() => void storeWaiting(db, jobs, batcher));
  }
  return stored;
}

/** Stores what waits, batch after batch, until nothing does. */
async function storeWaiting(db: Db, jobs: AppJobs, batcher: Batcher) {
  while (batcher.waiting.length) await storeBatch(db, jobs, batcher.waiting.splice(0));
  batcher.storing = false;
}

async function storeBatch(db: Db, jobs: AppJobs, batch: Waiting[]) {
  try {
    const ids = batch.map((w) => w.event.id);
    const applied = new Set(
      (await db.selectFrom('stripeEvents').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    );
    const fresh = batch.filter((w) => !applied.has(w.event.id)).map((w) => w.event);
    for (let i = 0; i < fresh.length; i += EVENTS_PER_JOB)
      await jobs.send('apply-stripe-events', { events: fresh.slice(i, i + EVENTS_PER_JOB) }, { db });
    for (const w of batch) w.resolve(applied.has(w.event.id));
  } catch (err) {
    for (const w of batch) w.reject(err);
  }
}
