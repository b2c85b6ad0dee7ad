import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import type { PaymentMethod, PaymentReviewState } from '../../db/tables/payments.js';
import type { AppJobs } from '../../db/job-queue.js';
import { JOIN_ALREADY_PAID } from '@app/contract';
import { AppError } from '../../errors.js';
import { sendWelcomeEmail } from '../mail/welcome.js';
import { writeAuditRow } from '../audit/write-audit-row.js';

export type NewPayment = {
  accountId: number;
  inviteeId: number | null;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  reference?: string | null;
  externalId?: string | null;
  stripeSessionId?: string | null;
  stripePaymentIntentId?: string | null;
  paidAt?: Date;
  recordedBy?: number | null;
  /** Set (the webhook): stored as a payment to review with this reason, making nobody a member. */
  toReview?: string | null;
  /** Staff's reason for a second payment on purpose: without it a paid membership is a 409. */
  anotherReason?: string | null;
};

export type PaymentOutcome = {
  paymentId: number;
  created: boolean;
  welcome: 'queued' | 'already sent' | 'to review' | 'second payment' | string;
};

/** The webhook's reason for a paid session of someone who is already a member. */
export const SECOND_PAYMENT_REASON = 'A second payment: this person is already a member';

/** Locks an invitee row: every payment and waiver takes its invitee's lock (if any) before its account's. */
export async function lockInvitee(trx: Trx, id: number): Promise<void> {
  await trx.selectFrom('invitees').select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * The account row every way of paying or waiving locks first (after the invitee, when there is one), so a waiver,
 * a Stripe payment and a recorded payment for the same person take turns: the second sees the first's payment.
 * What was paid is read after the lock, in its own statement (a statement that waited on a lock keeps its older
 * snapshot for anything but the locked row).
 */
export async function lockMembership(trx: Trx, accountId: number) {
  const account = await trx
    .selectFrom('accounts')
    .select(['id', 'memberAt'])
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const paid = await trx
    .selectFrom('payments')
    .select('id')
    .where('accountId', '=', accountId)
    .where('method', '<>', 'waived')
    .where((eb) => eb.or([eb('reviewState', 'is', null), eb('reviewState', '=', 'applied')]))
    .executeTakeFirst();
  return { member: account.memberAt !== null, paid: paid !== undefined };
}

/**
 * Records a membership payment exactly once and makes the payer a member, in the caller's transaction:
 * the payment row (a repeat of the same Checkout Session, payment intent or external id finds the row
 * already there and changes nothing), the account's memberAt and the invitee's legacyPaidAt (kept from
 * the first), and the WelcomeEmail queued through the mail module (one per account and address). A
 * welcome that cannot go (no enabled template, a blocked address) does not undo the payment: its reason
 * is answered in `welcome`.
 * Not every payment makes a member: one `toReview` (the webhook's doubts), or a Stripe payment for someone already
 * a member, waits as a payment to review; staff recording a payment for a paid membership get 409 unless they give
 * `anotherReason`, which stores it as a second payment with that reason, audited, and no second welcome.
 */
export async function recordPayment(trx: Trx, jobs: AppJobs, p: NewPayment): Promise<PaymentOutcome> {
  const before = await lockMembership(trx, p.accountId);
  const repeat = await existingPayment(trx, p);
  if (repeat) {
    if (p.externalId && repeat.accountId !== p.accountId) throw externalIdTaken(p.externalId);
    return { paymentId: repeat.id, created: false, welcome: 'already sent' };
  }
  let review: { state: PaymentReviewState; reason: string } | null = p.toReview
    ? { state: 'pending', reason: p.toReview }
    : null;
  if (!review && p.method === 'stripe' && before.member) review = { state: 'pending', reason: SECOND_PAYMENT_REASON };
  if (!review && p.method !== 'stripe' && before.paid) {
    if (!p.anotherReason) throw new AppError(409, JOIN_ALREADY_PAID, ANOTHER_PAYMENT_HINT);
    review = { state: 'applied', reason: p.anotherReason };
  }
  const inserted = await trx
    .insertInto('payments')
    .values({
      accountId: p.accountId,
      inviteeId: p.inviteeId,
      amountCents: p.amountCents,
      currency: p.currency.toLowerCase(),
      method: p.method,
      reference: p.reference ?? null,
      externalId: p.externalId ?? null,
      stripeSessionId: p.stripeSessionId ?? null,
      stripePaymentIntentId: p.stripePaymentIntentId ?? null,
      paidAt: p.paidAt ?? sql<Date>`now()`,
      recordedBy: p.recordedBy ?? null,
      reviewState: review?.state ?? null,
      reviewReason: review?.reason ?? null,
      ...(review?.state === 'applied' ? { reviewedBy: p.recordedBy ?? null, reviewedAt: sql<Date>`now()` } : {}),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    // A concurrent repeat inserted it first (it held no lock of ours: e.g. another account's call).
    const existing = await existingPayment(trx, p);
    if (p.externalId && existing && existing.accountId !== p.accountId) throw externalIdTaken(p.externalId);
    return { paymentId: existing?.id ?? 0, created: false, welcome: 'already sent' };
  }
  if (review?.state === 'pending') return { paymentId: inserted.id, created: true, welcome: 'to review' };
  if (review?.state === 'applied') {
    await writeAuditRow(trx, {
      action: 'record-another-payment',
      entity: 'payments',
      entityId: inserted.id,
      detail: { accountId: p.accountId, amountCents: p.amountCents, method: p.method, reason: review.reason },
    });
    return { paymentId: inserted.id, created: true, welcome: 'second payment' };
  }
  await markMember(trx, p.accountId, p.inviteeId);
  return { paymentId: inserted.id, created: true, welcome: await queueWelcome(trx, jobs, p.accountId) };
}

const ANOTHER_PAYMENT_HINT =
  'Its payment is in the payments list. To store a second payment, record another payment with a reason.';

async function existingPayment(db: Db, p: NewPayment) {
  if (!p.externalId && !p.stripeSessionId && !p.stripePaymentIntentId) return undefined;
  return db
    .selectFrom('payments')
    .select(['id', 'accountId'])
    .where((eb) =>
      eb.or([
        ...(p.externalId ? [eb('externalId', '=', p.externalId)] : []),
        ...(p.stripeSessionId ? [eb('stripeSessionId', '=', p.stripeSessionId)] : []),
        ...(p.stripePaymentIntentId ? [eb('stripePaymentIntentId', '=', p.stripePaymentIntentId)] : []),
      ]),
    )
    .executeTakeFirst();
}

const externalIdTaken = (externalId: string) =>
  new AppError(409, `External id ${externalId} is already used for another payment`);

export type FeeWaiver = {
  accountId: number;
  inviteeId: number | null;
  reference?: string | null;
  externalId?: string | null;
  recordedBy?: number | null;
};

/**
 * Completes a membership without payment (a waived fee), in the caller's transaction: a payments row of method
 * 'waived' and amount 0 (at most one per account: a repeat finds it), the member made as by a payment, and the
 * WelcomeEmailNoPayment queued once. 409 when the account already paid.
 */
export async function waiveFee(trx: Trx, jobs: AppJobs, w: FeeWaiver): Promise<PaymentOutcome> {
  if ((await lockMembership(trx, w.accountId)).paid)
    throw new AppError(409, JOIN_ALREADY_PAID, 'Its payment is in the payments list.');
  const inserted = await trx
    .insertInto('payments')
    .values({
      accountId: w.accountId,
      inviteeId: w.inviteeId,
      amountCents: 0,
      method: 'waived',
      reference: w.reference ?? null,
      externalId: w.externalId ?? null,
      recordedBy: w.recordedBy ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('payments')
      .select(['id', 'accountId'])
      .where((eb) =>
        eb.or([
          eb.and([eb('accountId', '=', w.accountId), eb('method', '=', 'waived')]),
          ...(w.externalId ? [eb('externalId', '=', w.externalId)] : []),
        ]),
      )
      .orderBy(sql`account_id = ${w.accountId}`, 'asc')
      .executeTakeFirstOrThrow();
    if (existing.accountId !== w.accountId) throw externalIdTaken(w.externalId!);
    return { paymentId: existing.id, created: false, welcome: 'already sent' };
  }
  await markMember(trx, w.accountId, w.inviteeId);
  return { paymentId: inserted.id, created: true, welcome: await queueWelcome(trx, jobs, w.accountId) };
}

/** memberAt on the account, legacyPaidAt (and a pledge time, if none) on the invitee: each kept from the first. */
export async function markMember(trx: Trx, accountId: number, inviteeId: number | null): Promise<void> {
  await trx
    .updateTable('accounts')
    .set((eb) => ({
      memberAt: eb.fn.coalesce('memberAt', sql<Date>`now()`),
      pledgedAt: eb.fn.coalesce('pledgedAt', sql<Date>`now()`),
      updatedAt: sql<Date>`now()`,
    }))
    .where('id', '=', accountId)
    .execute();
  if (inviteeId !== null) {
    await trx
      .updateTable('invitees')
      .set((eb) => ({
        legacyPaidAt: eb.fn.coalesce('legacyPaidAt', sql<Date>`now()`),
        legacyPledgeAt: eb.fn.coalesce('legacyPledgeAt', sql<Date>`now()`),
        accountId,
        updatedAt: sql<Date>`now()`,
      }))
      .where('id', '=', inviteeId)
      .execute();
  }
}

/** The welcome through the mail module; an app-level refusal (already sent, no template, blocked) is its reason, not a failure. */
export async function queueWelcome(trx: Trx, jobs: AppJobs, accountId: number): Promise<string> {
  try {
    await sendWelcomeEmail(trx, jobs, accountId);
    return 'queued';
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}
