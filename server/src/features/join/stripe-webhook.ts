import type Stripe from 'stripe';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { STRIPE_WEBHOOK_INVALID } from '@app/contract';
import type { Trx } from '../../db/database.js';
import { rawBodyOf } from '../../raw-body.js';
import { recordPayment } from '../../services/join/payments.js';
import { verifiedStripeEvent } from '../../services/join/stripe.js';
import { accountByEmail, joinInvitee } from '../../services/join/invitees.js';

/** A Stripe event's body is a few KB; anything far larger is not one. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** A paid Checkout Session: the payment, the member and the welcome (the invitee is the session's invitation code). */
async function sessionPaid(trx: Trx, request: FastifyRequest, session: Stripe.Checkout.Session) {
  if (session.payment_status !== 'paid') return; // completed but not yet paid (async methods): async_payment_succeeded follows
  const code = session.metadata?.invitationCode ?? session.client_reference_id;
  const invitee = code ? await joinInvitee(trx, { code }, true) : undefined;
  if (!invitee) {
    request.log.warn({ sessionId: session.id, code }, 'stripe payment for an unknown invitation code');
    return;
  }
  const accountId = invitee.accountId ?? (await accountByEmail(trx, invitee.email, true))?.id;
  if (!accountId) {
    request.log.warn({ sessionId: session.id, code }, 'stripe payment for an invitee without an account');
    return;
  }
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const outcome = await recordPayment(trx, request.server.jobs, {
    accountId,
    inviteeId: invitee.id,
    amountCents: session.amount_total ?? request.server.config.MEMBERSHIP_FEE_CENTS,
    currency: session.currency ?? request.server.config.MEMBERSHIP_CURRENCY,
    method: 'stripe',
    reference: paymentIntent ?? session.id,
    stripeSessionId: session.id,
    stripePaymentIntentId: paymentIntent,
    paidAt: new Date((session.created ?? Math.floor(Date.now() / 1000)) * 1000),
  });
  if (outcome.created && outcome.welcome !== 'queued')
    request.log.warn({ accountId, reason: outcome.welcome }, 'welcome email not queued after payment');
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
 * POST /api/public/payments/stripe/webhook: verified over the raw body before anything is read or written;
 * each event id is kept once, in the same transaction as its effects, so a redelivery (or two at once)
 * changes nothing the second time.
 */
export async function handleStripeWebhook(request: FastifyRequest) {
  const { db, config } = request.server;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  const header = request.headers['stripe-signature'];
  const event = secret
    ? verifiedStripeEvent(rawBodyOf(request).rawBody, typeof header === 'string' ? header : undefined, secret)
    : null;
  if (!event) return { status: 400 as const, body: { message: STRIPE_WEBHOOK_INVALID } };
  const duplicate = await db.transaction().execute(async (trx) => {
    const kept = await trx
      .insertInto('stripeEvents')
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!kept) return true;
    if (PAID_EVENTS.has(event.type)) await sessionPaid(trx, request, event.data.object as Stripe.Checkout.Session);
    else if (event.type === 'charge.refunded') await chargeRefunded(trx, event.data.object as Stripe.Charge);
    // checkout.session.async_payment_failed and the rest: kept, nothing else (a failed payment leaves the pledge).
    return false;
  });
  return { status: 200 as const, body: { received: true as const, duplicate } };
}
