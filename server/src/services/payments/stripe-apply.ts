import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db, Trx } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';
import { recordPayment } from './payments.js';
import { accountByEmail, joinInvitee } from '../join/invitees.js';

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** What applying an event needs besides the database: the queue (the welcome email), the fee settings, a logger. */
export type StripeEventContext = {
  jobs: AppJobs;
  config: Pick<Config, 'MEMBERSHIP_FEE_CENTS' | 'MEMBERSHIP_CURRENCY'>;
  log: FastifyBaseLogger;
};

const amount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * Why a paid session is not applied, or null when it is: only a session this product created for the invitee (kept
 * in `checkout_sessions`), carrying its invitation code in metadata, paying at least the fee it asked in the fee's
 * currency, makes a member. A signed event proves Stripe sent it, not that the session was ours or paid the fee.
 */
export function sessionDoubt(
  session: Pick<Stripe.Checkout.Session, 'metadata' | 'amount_total' | 'currency'>,
  ours: { amountCents: number; currency: string; invitationCode: string | null } | undefined,
): string | null {
  if (!ours) return 'Not a Checkout Session this product created';
  const doubts: string[] = [];
  if (session.metadata?.invitationCode !== ours.invitationCode)
    doubts.push("its invitation code (metadata) is not the checkout's");
  const currency = (session.currency ?? '').toLowerCase();
  if (currency !== ours.currency)
    doubts.push(`paid in ${currency.toUpperCase() || 'no currency'}, the fee is in ${ours.currency.toUpperCase()}`);
  else if ((session.amount_total ?? 0) < ours.amountCents)
    doubts.push(
      `paid ${amount(session.amount_total ?? 0, currency)}, less than the ${amount(ours.amountCents, currency)} fee`,
    );
  if (!doubts.length) return null;
  const text = doubts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A paid Checkout Session: the payment, the member and the welcome when the session passes `sessionDoubt` (and the
 * person is not a member already), else a payment to review that makes nobody a member. The person is the session's
 * invitee, or for a session not ours, the one its metadata or client_reference_id names (for staff to see); one
 * that names nobody with an account is only logged.
 */
async function sessionPaid(trx: Trx, ctx: StripeEventContext, session: Stripe.Checkout.Session) {
  if (session.payment_status !== 'paid') return; // completed but not yet paid (async methods): async_payment_succeeded follows
  const ours = await trx
    .selectFrom('checkoutSessions')
    .select(['inviteeId', 'amountCents', 'currency'])
    .where('id', '=', session.id)
    .executeTakeFirst();
  const code = session.metadata?.invitationCode ?? session.client_reference_id;
  // The invitee first, then (in recordPayment) the account: the order every payment and waiver locks them in.
  const invitee = ours
    ? await joinInvitee(trx, { id: ours.inviteeId }, true)
    : code
      ? await joinInvitee(trx, { code }, true)
      : undefined;
  const amountCents = session.amount_total ?? 0;
  if (!invitee || amountCents <= 0) {
    ctx.log.warn({ sessionId: session.id, code, amountCents }, 'stripe payment for an unknown invitation code');
    return;
  }
  const accountId = invitee.accountId ?? (await accountByEmail(trx, invitee.email, true))?.id;
  if (!accountId) {
    ctx.log.warn({ sessionId: session.id, code }, 'stripe payment for an invitee without an account');
    return;
  }
  const toReview = sessionDoubt(session, ours && { ...ours, invitationCode: invitee.invitationCode });
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const outcome = await recordPayment(trx, ctx.jobs, {
    accountId,
    inviteeId: invitee.id,
    amountCents,
    currency: session.currency ?? ctx.config.MEMBERSHIP_CURRENCY,
    method: 'stripe',
    reference: paymentIntent ?? session.id,
    stripeSessionId: session.id,
    stripePaymentIntentId: paymentIntent,
    paidAt: new Date((session.created ?? Math.floor(Date.now() / 1000)) * 1000),
    toReview,
  });
  if (outcome.welcome === 'to review')
    ctx.log.warn({ accountId, sessionId: session.id, paymentId: outcome.paymentId }, 'stripe payment left to review');
  else if (outcome.created && outcome.welcome !== 'queued')
    ctx.log.warn({ accountId, reason: outcome.welcome }, 'welcome email not queued after payment');
}

/** A refund: the amount refunded so far (Stripe sends the running total) against the payment of that intent. */
async function chargeRefunded(trx: Trx, charge: Stripe.Charge) {
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentIntent) return;
  await trx
    .updateTable('payments')
    .set({ refundedCents: charge.amount_refunded, refundedAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('stripePaymentIntentId', '=', paymentIntent)
    .execute();
}

/**
 * Applies one verified Stripe event exactly once: its id is kept in `stripe_events` in the same transaction as its
 * effects, so a redelivery (or two deliveries applied at once) changes nothing the second time. Answers whether
 * the event had been applied before.
 */
export async function applyStripeEvent(db: Db, ctx: StripeEventContext, event: Stripe.Event): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const kept = await trx
      .insertInto('stripeEvents')
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!kept) return true;
    if (PAID_EVENTS.has(event.type)) await sessionPaid(trx, ctx, event.data.object as Stripe.Checkout.Session);
    else if (event.type === 'charge.refunded') await chargeRefunded(trx, event.data.object as Stripe.Charge);
    // checkout.session.async_payment_failed and the rest: kept, nothing else (a failed payment leaves the pledge).
    return false;
  });
}
