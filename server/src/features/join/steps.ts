import {
  JOIN_ACCEPT_FIRST,
  JOIN_ALREADY_PAID,
  JOIN_LINK_INVALID,
  JOIN_LOOKUP_FAILED,
  JOIN_PAYMENT_NOT_SET_UP,
  type JoinInvitation,
  type JoinLink,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { attemptFailed, attemptSucceeded, beginLimitedAttempt, throttleRules } from '../../services/auth/throttle.js';
import { joinLinkBuilder, joinSignature, verifyJoinSignature } from '../../services/join/join-link.js';
import { paymentConfigured } from '../../services/payments/stripe.js';
import { createCheckoutSession } from '../../services/payments/checkout.js';
import { joinInvitee, joinState, type JoinInvitee } from '../../services/join/invitees.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';
import { assertCanPledge } from './pledge.js';

/*
 * The join funnel's steps, shared by its two doors: the JSON calls (routes.ts) and the landing page the server
 * renders with plain forms (landing-routes.ts). Each throws an AppError with the contract's words when refused.
 */

const CHECKOUT_UNREACHABLE = 'The payment provider could not be reached. Please try again in a moment.';

/**
 * What `read` finds for the code of a signed link (its invitee, or the landing page's data); any bad link (unknown
 * code, changed or missing signature) is the same 403.
 */
async function signedInvitee<T>(
  db: Db,
  invitationCode: string,
  signature: string | undefined,
  read: (db: Db, code: string) => Promise<T | undefined>,
): Promise<T> {
  if (!(await verifyJoinSignature(db, invitationCode, signature))) throw new AppError(403, JOIN_LINK_INVALID);
  const found = await read(db, invitationCode);
  if (!found) throw new AppError(403, JOIN_LINK_INVALID);
  return found;
}

/** The landing page's data for a signed link: the invitee and the chapter's invitation content, in one statement. */
export async function joinInvitation(
  request: FastifyRequest,
  invitationCode: string,
  signature: string | undefined,
): Promise<JoinInvitation> {
  const { db, config } = request.server;
  const { invitee, content } = await signedInvitee(db, invitationCode, signature, repo.landing);
  return {
    invitationCode,
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
  };
}

/**
 * The signed link for an invitation code and the address it was sent to; 404 'No invitation matches…' for every
 * mismatch, throttled per address like sign-in (429).
 */
export async function lookupJoinLink(
  request: FastifyRequest,
  reply: Parameters<typeof beginLimitedAttempt>[1],
  body: { invitationCode: string; email: string },
): Promise<JoinLink> {
  const { db, config } = request.server;
  const email = body.email.toLowerCase();
  const rules = throttleRules(config);
  // Keyed apart from sign-in's, with the same limits per email, per address and per both.
  const attempt = await beginLimitedAttempt(db, reply, `join:${email}`, request.ip, rules);
  const invitee = await joinInvitee(db, { code: body.invitationCode.toUpperCase() });
  if (!invitee || invitee.email.trim().toLowerCase() !== email) {
    await attemptFailed(db, rules);
    throw new AppError(404, JOIN_LOOKUP_FAILED);
  }
  await attemptSucceeded(db, attempt);
  const code = invitee.invitationCode!;
  const url = (await joinLinkBuilder(db, { baseUrl: config.PUBLIC_URL }))(code);
  return { invitationCode: code, signature: await joinSignature(db, code), url };
}

/** The invitee of a signed link who may pledge now (409 once expired or removed). */
export async function pledgingInvitee(
  request: FastifyRequest,
  invitationCode: string,
  signature: string | undefined,
): Promise<JoinInvitee> {
  const invitee = await signedInvitee(request.server.db, invitationCode, signature, (db, code) =>
    joinInvitee(db, { code }),
  );
  assertCanPledge(joinState(invitee));
  return invitee;
}

/**
 * A Stripe Checkout Session for a pledged invitee's fee, coming back to the signed link (`&paid=1` once paid):
 * its URL. 409 before the pledge, once paid, or without Stripe; 502 when Stripe cannot be reached.
 */
export async function joinCheckoutUrl(
  request: FastifyRequest,
  invitationCode: string,
  signature: string | undefined,
): Promise<string> {
  const { db, config } = request.server;
  const invitee = await pledgingInvitee(request, invitationCode, signature);
  const state = joinState(invitee);
  if (state === 'member') throw new AppError(409, JOIN_ALREADY_PAID);
  if (state !== 'pledged' || !invitee.accountId) throw new AppError(409, JOIN_ACCEPT_FIRST);
  if (!paymentConfigured(config)) throw new AppError(409, JOIN_PAYMENT_NOT_SET_UP);
  const account = await db
    .selectFrom('accounts')
    .select('email')
    .where('id', '=', invitee.accountId)
    .executeTakeFirstOrThrow();
  const page = (await joinLinkBuilder(db, { baseUrl: config.PUBLIC_URL }))(invitationCode);
  try {
    const session = await createCheckoutSession(db, config, request.log, {
      inviteeId: invitee.id,
      invitationCode,
      email: account.email,
      successUrl: `${page}&paid=1`,
      cancelUrl: page,
    });
    return session.url;
  } catch (err) {
    request.log.error({ err }, 'stripe checkout failed');
    throw new AppError(502, CHECKOUT_UNREACHABLE);
  }
}
