import {
  contract,
  JOIN_ACCEPT_FIRST,
  JOIN_ALREADY_PAID,
  JOIN_LINK_INVALID,
  JOIN_LOOKUP_FAILED,
  JOIN_PAYMENT_NOT_SET_UP,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { RouterImplementation } from '@ts-rest/fastify';
import { AppError } from '../../errors.js';
import { attemptFailed, attemptSucceeded, beginLimitedAttempt, throttleRules } from '../../services/auth/throttle.js';
import { joinLinkBuilder, joinSignature, verifyJoinSignature } from '../../services/join/join-link.js';
import { paymentConfigured } from '../../services/payments/stripe.js';
import { createCheckoutSession } from '../../services/payments/checkout.js';
import { joinInvitee, joinState } from '../../services/join/invitees.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';
import { assertCanPledge, publicPledge } from './pledge.js';

const inviteeByCode = (db: Db, code: string) => joinInvitee(db, { code });

/**
 * What `read` finds for the code of a signed link (its invitee, or the landing page's data); any bad link (unknown
 * code, changed or missing signature) is the same 403.
 */
async function signedInvitee<T>(
  request: FastifyRequest,
  invitationCode: string,
  signature: string | undefined,
  read: (db: Db, code: string) => Promise<T | undefined>,
): Promise<T> {
  const { db } = request.server;
  if (!(await verifyJoinSignature(db, invitationCode, signature))) throw new AppError(403, JOIN_LINK_INVALID);
  const found = await read(db, invitationCode);
  if (!found) throw new AppError(403, JOIN_LINK_INVALID);
  return found;
}

/**
 * Issue 23: the public half of the join funnel (no session needed; the signed link authorises). The contract's
 * Stripe webhook is the payments area's (features/payments/stripe-webhook.ts); the router joins the two.
 */
export const publicJoinRoutes = {
  lookup: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const email = body.email.toLowerCase();
    const rules = throttleRules(config);
    // Keyed apart from sign-in's, with the same limits per email, per address and per both.
    const attempt = await beginLimitedAttempt(db, reply, `join:${email}`, request.ip, rules);
    const invitee = await joinInvitee(db, { code: body.invitationCode.toUpperCase() });
    if (!invitee || invitee.email.trim().toLowerCase() !== email) {
      await attemptFailed(db, rules);
      return { status: 404, body: { message: JOIN_LOOKUP_FAILED } };
    }
    await attemptSucceeded(db, attempt);
    const code = invitee.invitationCode!;
    const url = (await joinLinkBuilder(db, { baseUrl: config.PUBLIC_URL }))(code);
    return { status: 200, body: { invitationCode: code, signature: await joinSignature(db, code), url } };
  },

  get: async ({ params, query, request }) => {
    const { config } = request.server;
    // The invitee and the page's content in one statement.
    const { invitee, content } = await signedInvitee(request, params.invitationCode, query.signature, repo.landing);
    return {
      status: 200,
      body: {
        invitationCode: params.invitationCode,
        firstName: invitee.firstName,
        lastName: invitee.lastName,
        state: joinState(invitee),
        deadline: invitee.deadline,
        orientationDate: invitee.orientationDate,
        feeCents: config.MEMBERSHIP_FEE_CENTS,
        currency: config.MEMBERSHIP_CURRENCY,
        paymentConfigured: paymentConfigured(config),
        passwordSet: invitee.passwordSet,
        ...content,
      },
    };
  },

  pledge: async ({ params, query, body, request, reply }) => {
    const before = await signedInvitee(request, params.invitationCode, query.signature, inviteeByCode);
    assertCanPledge(joinState(before));
    return publicPledge(request, reply, before, body.password);
  },

  checkout: async ({ params, query, request }) => {
    const { db, config } = request.server;
    const invitee = await signedInvitee(request, params.invitationCode, query.signature, inviteeByCode);
    const state = joinState(invitee);
    assertCanPledge(state);
    if (state === 'member') throw new AppError(409, JOIN_ALREADY_PAID);
    if (state !== 'pledged' || !invitee.accountId) throw new AppError(409, JOIN_ACCEPT_FIRST);
    if (!paymentConfigured(config)) throw new AppError(409, JOIN_PAYMENT_NOT_SET_UP);
    const account = await db
      .selectFrom('accounts')
      .select('email')
      .where('id', '=', invitee.accountId)
      .executeTakeFirstOrThrow();
    const page = (await joinLinkBuilder(db, { baseUrl: config.PUBLIC_URL }))(params.invitationCode);
    try {
      const session = await createCheckoutSession(db, config, request.log, {
        inviteeId: invitee.id,
        invitationCode: params.invitationCode,
        email: account.email,
        successUrl: `${page}&paid=1`,
        cancelUrl: page,
      });
      return { status: 200, body: { url: session.url } };
    } catch (err) {
      request.log.error({ err }, 'stripe checkout failed');
      return {
        status: 502,
        body: { message: 'The payment provider could not be reached. Please try again in a moment.' },
      };
    }
  },
} satisfies Omit<RouterImplementation<typeof contract.publicJoin>, 'stripeWebhook'>;
