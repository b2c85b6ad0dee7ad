import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { stripeClient } from './stripe.js';

export type CheckoutRequest = {
  inviteeId: number;
  invitationCode: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
};

type CheckoutConfig = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'MEMBERSHIP_FEE_CENTS' | 'MEMBERSHIP_CURRENCY'
>;

/**
 * A Stripe Checkout Session for the membership fee, kept in `checkout_sessions` (the webhook applies only the
 * sessions kept there), after which the invitee's older open sessions are expired through Stripe, so only the
 * newest can still be paid. One session per invitee and hour (the idempotency key): a double click or a retry
 * gets the same one, which is kept once and not expired.
 */
export async function createCheckoutSession(
  db: Db,
  config: CheckoutConfig,
  log: FastifyBaseLogger,
  c: CheckoutRequest,
) {
  const stripe = stripeClient(config);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: config.MEMBERSHIP_CURRENCY,
            unit_amount: config.MEMBERSHIP_FEE_CENTS,
            product_data: { name: 'Membership fee' },
          },
        },
      ],
      client_reference_id: c.invitationCode,
      customer_email: c.email,
      metadata: { invitationCode: c.invitationCode },
      success_url: c.successUrl,
      cancel_url: c.cancelUrl,
    },
    { idempotencyKey: `join-checkout:${c.invitationCode}:${Math.floor(Date.now() / 3_600_000)}` },
  );
  if (!session.url) throw new Error('Checkout Session without a url');
  await db
    .insertInto('checkoutSessions')
    .values({
      id: session.id,
      inviteeId: c.inviteeId,
      amountCents: config.MEMBERSHIP_FEE_CENTS,
      currency: config.MEMBERSHIP_CURRENCY.toLowerCase(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await expireOlderSessions(db, stripe, log, c.inviteeId, session.id);
  return { id: session.id, url: session.url };
}

/**
 * Expires the invitee's open sessions other than `keep`. One Stripe no longer lets expire (paid meanwhile, or
 * expired by itself) is marked all the same: its payment, if any, still comes through the webhook.
 */
async function expireOlderSessions(
  db: Db,
  stripe: ReturnType<typeof stripeClient>,
  log: FastifyBaseLogger,
  inviteeId: number,
  keep: string,
) {
  const open = await db
    .selectFrom('checkoutSessions')
    .select('id')
    .where('inviteeId', '=', inviteeId)
    .where('expiredAt', 'is', null)
    .where('id', '<>', keep)
    .execute();
  for (const { id } of open) {
    try {
      await stripe.checkout.sessions.expire(id);
    } catch (err) {
      log.warn({ err, sessionId: id }, 'older checkout session not expired by Stripe');
    }
    await db
      .updateTable('checkoutSessions')
      .set({ expiredAt: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }
}
