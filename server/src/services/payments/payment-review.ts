import { sql, type Updateable } from 'kysely';
import { PAYMENT_NOT_TO_REVIEW } from '@app/contract';
import type { Trx } from '../../db/database.js';
import type { PaymentTable } from '../../db/tables/payments.js';
import type { AppJobs } from '../../db/job-queue.js';
import { AppError, notFound } from '../../errors.js';
import { writeAuditRow } from '../audit/write-audit-row.js';
import { lockInvitee, lockMembership, markMember, queueWelcome } from './payments.js';

/** A payment to review, locked, or 404 / 409 (not waiting for review: applied or refunded already). */
async function pendingPayment(trx: Trx, id: number) {
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'accountId', 'inviteeId', 'amountCents', 'stripePaymentIntentId', 'reviewState', 'reviewReason'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!payment) throw notFound('Payment');
  if (payment.reviewState !== 'pending') throw new AppError(409, PAYMENT_NOT_TO_REVIEW);
  return payment;
}

const reviewed = (trx: Trx, id: number, by: number | null, set: Updateable<PaymentTable>) =>
  trx
    .updateTable('payments')
    .set({ ...set, reviewedBy: by, reviewedAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

/**
 * Applies a payment to review: the person becomes a member as by an ordinary payment (memberAt, legacyPaidAt, the
 * WelcomeEmail once per account and kind), the payment marked applied by `by`, and an audit row with its reason.
 * Locks the invitee, then the account, in the order every payment takes them. Answers the welcome's outcome.
 */
export async function applyReviewPayment(trx: Trx, jobs: AppJobs, id: number, by: number | null): Promise<string> {
  const payment = await pendingPayment(trx, id);
  if (payment.inviteeId !== null) await lockInvitee(trx, payment.inviteeId);
  await lockMembership(trx, payment.accountId);
  await reviewed(trx, id, by, { reviewState: 'applied' });
  await markMember(trx, payment.accountId, payment.inviteeId);
  await writeAuditRow(trx, {
    action: 'apply-payment',
    entity: 'payments',
    entityId: id,
    detail: { accountId: payment.accountId, amountCents: payment.amountCents, reason: payment.reviewReason },
  });
  return queueWelcome(trx, jobs, payment.accountId);
}

/** Sends a full refund of a payment intent to Stripe (the caller's client); one key per payment, so a retry refunds once. */
export type StripeRefund = (paymentIntent: string, idempotencyKey: string) => Promise<unknown>;

/**
 * Refunds a payment to review in full through Stripe and marks it refunded (nobody becomes a member), with an
 * audit row. 409 for a payment without a Stripe payment intent. Stripe's charge.refunded event later finds the
 * amount already there.
 */
export async function refundReviewPayment(trx: Trx, refund: StripeRefund, id: number, by: number | null) {
  const payment = await pendingPayment(trx, id);
  if (!payment.stripePaymentIntentId)
    throw new AppError(409, 'This payment has no Stripe payment to refund', 'Refund it where it was paid.');
  await refund(payment.stripePaymentIntentId, `review-refund:${id}`);
  await reviewed(trx, id, by, {
    reviewState: 'refunded',
    refundedCents: payment.amountCents,
    refundedAt: new Date(),
  });
  await writeAuditRow(trx, {
    action: 'refund-payment',
    entity: 'payments',
    entityId: id,
    detail: { accountId: payment.accountId, amountCents: payment.amountCents, reason: payment.reviewReason },
  });
}
