import type { FastifyRequest } from 'fastify';
import type { RouterImplementation } from '@ts-rest/fastify';
import { contract, STRIPE_WEBHOOK_INVALID } from '@app/contract';
import { keepRawBody, rawBodyOf } from '../../raw-body.js';
import { queueStripeEvent, verifiedStripeEvent } from '../../services/payments/stripe-acknowledge.js';

/** A Stripe event's body is a few KB; anything far larger is not one. */
const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/public/payments/stripe/webhook: verified over the raw body before anything is read or written, then
 * queued for `apply-stripe-events` and acknowledged once stored (Stripe asks for a quick 2xx; a burst of events
 * would otherwise wait on each other's transactions). The job applies each event id once, so a redelivery changes
 * nothing; `duplicate` says the event had been applied already (and is not queued again).
 */
export async function handleStripeWebhook(request: FastifyRequest) {
  const { db, config, jobs } = request.server;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  const header = request.headers['stripe-signature'];
  const { rawBody } = rawBodyOf(request);
  const event = secret ? verifiedStripeEvent(rawBody, typeof header === 'string' ? header : undefined, secret) : null;
  if (!event) return { status: 400 as const, body: { message: STRIPE_WEBHOOK_INVALID } };
  const duplicate = await queueStripeEvent(db, jobs, event);
  return { status: 200 as const, body: { received: true as const, duplicate } };
}

/** The webhook's route (in the public join contract for its path): the raw body is kept for the signature check. */
export const stripeWebhookRoute: RouterImplementation<typeof contract.publicJoin>['stripeWebhook'] = {
  hooks: { preParsing: keepRawBody(STRIPE_WEBHOOK_BODY_LIMIT), bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT } as never,
  handler: async ({ request }) => handleStripeWebhook(request),
};
