import { contract, JOIN_EXPIRED, JOIN_NO_LONGER_VALID, JOIN_PAYMENT_NOT_SET_UP } from '@app/contract';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import type { Trx } from '../../db/database.js';
import { joinInvitee, joinState, pledgeInvitee, type JoinInvitee } from '../../services/join/invitees.js';
import { lockInvitee, recordPayment, waiveFee, type PaymentOutcome } from '../../services/payments/payments.js';
import { applyReviewPayment, refundReviewPayment } from '../../services/payments/payment-review.js';
import { paymentConfigured, stripeClient } from '../../services/payments/stripe.js';
import * as repo from './repo.js';
import { inviteeReachable, paymentReachable } from '../../services/auth/chapter-scope.js';

type PaymentBody = z.output<typeof import('@app/contract').RecordPaymentInput>;
type WaiverBody = z.output<typeof import('@app/contract').WaiveFeeInput>;

/** Runs one recording in a transaction and answers the payment row it found or made (the same for a repeat). */
async function answerPayment(request: FastifyRequest, record: (trx: Trx) => Promise<PaymentOutcome>) {
  const { db } = request.server;
  const outcome = await db.transaction().execute(record);
  if (outcome.created && outcome.welcome !== 'queued')
    request.log.warn({ paymentId: outcome.paymentId, reason: outcome.welcome }, 'welcome email not queued');
  return { status: 200 as const, body: await repo.getPayment(db, outcome.paymentId) };
}

/** The account of a member or pledge row and the invitee it joined through (if any), locked in that order. */
async function accountTarget(trx: Trx, id: number) {
  const account = await repo.accountOfPayment(trx, id);
  if (!account) throw notFound('Member');
  const inviteeId = await repo.inviteeOfAccount(trx, account);
  if (inviteeId !== null) await lockInvitee(trx, inviteeId);
  return { accountId: account.id, inviteeId };
}

/** A locked invitee that may still join (not removed), pledged first when it has not (its account made or linked). */
async function inviteeTarget(trx: Trx, id: number) {
  if (!(await inviteeReachable(trx, id))) throw notFound('Invitee');
  const invitee = await joinInvitee(trx, { id }, true);
  if (!invitee) throw notFound('Invitee');
  if (invitee.removed) throw new AppError(409, JOIN_NO_LONGER_VALID);
  const accountId = invitee.accountId ?? (await pledgeInvitee(trx, invitee)).id;
  return { accountId, inviteeId: invitee.id };
}

const payment = (
  request: FastifyRequest,
  body: PaymentBody,
  target: { accountId: number; inviteeId: number | null },
) => ({
  ...target,
  amountCents: body.amountCents,
  currency: request.server.config.MEMBERSHIP_CURRENCY,
  method: body.method,
  reference: body.reference,
  externalId: body.externalId,
  paidAt: body.paidAt ? new Date(body.paidAt) : undefined,
  recordedBy: request.account?.id ?? null,
  anotherReason: body.another ? body.anotherReason : null,
});

const waiver = (
  request: FastifyRequest,
  body: WaiverBody,
  target: { accountId: number; inviteeId: number | null },
) => ({
  ...target,
  reference: body.reference,
  externalId: body.externalId ?? null,
  recordedBy: request.account?.id ?? null,
});

/** The integrator's pledge answer: the same for a repeat (the first pledge time and external id are kept). */
async function pledgeRecord(trx: Trx, invitee: JoinInvitee) {
  const now = (await joinInvitee(trx, { id: invitee.id }))!;
  return {
    inviteeId: now.id,
    accountId: now.accountId!,
    state: joinState(now),
    pledgedAt: now.legacyPledgeAt!.toISOString(),
    externalId: now.pledgeExternalId,
  };
}

/** Issue 23: Record Payment, Complete Without Payment and the integrators' pledge and payment calls; the payments list. */
export const paymentRoutes = s.router(contract.payments, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listPayments(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'payments', repo.exportPayments(request.server.db, query)),

  recordForAccount: async ({ params, body, request }) =>
    answerPayment(request, async (trx) =>
      recordPayment(trx, request.server.jobs, payment(request, body, await accountTarget(trx, params.id))),
    ),

  waiveForAccount: async ({ params, body, request }) =>
    answerPayment(request, async (trx) =>
      waiveFee(trx, request.server.jobs, waiver(request, body, await accountTarget(trx, params.id))),
    ),

  recordForInvitee: async ({ params, body, request }) =>
    answerPayment(request, async (trx) =>
      recordPayment(trx, request.server.jobs, payment(request, body, await inviteeTarget(trx, params.id))),
    ),

  waiveForInvitee: async ({ params, body, request }) =>
    answerPayment(request, async (trx) =>
      waiveFee(trx, request.server.jobs, waiver(request, body, await inviteeTarget(trx, params.id))),
    ),

  applyReview: async ({ params, request }) => {
    if (!(await paymentReachable(request.server.db, params.id))) throw notFound('Payment');
    const { db, jobs } = request.server;
    const welcome = await db
      .transaction()
      .execute((trx) => applyReviewPayment(trx, jobs, params.id, request.account?.id ?? null));
    if (welcome !== 'queued' && welcome !== 'already sent')
      request.log.warn({ paymentId: params.id, reason: welcome }, 'welcome email not queued');
    return { status: 200 as const, body: await repo.getPayment(db, params.id) };
  },

  refundReview: async ({ params, request }) => {
    if (!(await paymentReachable(request.server.db, params.id))) throw notFound('Payment');
    const { db, config } = request.server;
    const refund = async (paymentIntent: string, idempotencyKey: string) => {
      if (!paymentConfigured(config)) throw new AppError(409, JOIN_PAYMENT_NOT_SET_UP);
      try {
        await stripeClient(config).refunds.create({ payment_intent: paymentIntent }, { idempotencyKey });
      } catch (err) {
        request.log.error({ err, paymentId: params.id }, 'stripe refund failed');
        throw new AppError(502, 'The payment provider could not refund it. Please try again in a moment.');
      }
    };
    await db.transaction().execute((trx) => refundReviewPayment(trx, refund, params.id, request.account?.id ?? null));
    return { status: 200 as const, body: await repo.getPayment(db, params.id) };
  },

  recordPledge: async ({ params, body, request }) => {
    const record = await request.server.db.transaction().execute(async (trx) => {
      if (!(await inviteeReachable(trx, params.id))) throw notFound('Invitee');
      const invitee = await joinInvitee(trx, { id: params.id }, true);
      if (!invitee) throw notFound('Invitee');
      const holder = await repo.inviteeOfPledgeExternalId(trx, body.externalId);
      if (holder !== undefined && holder !== invitee.id)
        throw new AppError(409, `External id ${body.externalId} is already used for another pledge`);
      const state = joinState(invitee);
      if (state === 'removed') throw new AppError(409, JOIN_NO_LONGER_VALID);
      if (state === 'expired') throw new AppError(409, JOIN_EXPIRED);
      await pledgeInvitee(trx, invitee, { externalId: body.externalId });
      return pledgeRecord(trx, invitee);
    });
    return { status: 200, body: record };
  },
});
