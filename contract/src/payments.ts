import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { exportRoute, listRoute } from './common/area-routes.js';
import { ErrorBody } from './common/error.js';
import { IdParam, nullableText, requiredEnum, requiredText } from './common/fields.js';
import { JOIN_STATES } from './public-join.js';
import { PAYMENT_METHODS, PAYMENT_REVIEW_STATES, PaymentListQuery } from './list-queries/payments.js';

export * from './list-queries/payments.js';

/** The methods staff and integrators record (a Stripe payment records itself through the webhook; a waiver is its own call). */
export const RECORDED_PAYMENT_METHODS = ['card', 'check', 'cash', 'other'] as const;

export const PAYMENT_RECORDED = 'Payment recorded successfully.';
export const COMPLETED_WITHOUT_PAYMENT = 'Membership completed without payment.';
export const PLEDGE_RECORDED = 'Pledge recorded successfully.';
export const PAYMENT_APPLIED = 'Payment applied: they are a member.';
export const PAYMENT_REFUNDED = 'Payment refunded.';
export const PAYMENT_NOT_TO_REVIEW = 'This payment is not waiting for review';
export const ANOTHER_PAYMENT_REASON_REQUIRED = 'Reason is required for another payment';
export const AMOUNT_REQUIRED = 'Amount is required';
export const PAID_AT_IN_FUTURE = 'Paid on cannot be in the future';

/** One membership payment (or waived fee) with its account and, when it came through an invitation, the invitee and invitation. */
export const Payment = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  currency: z.string(),
  reference: z.string().nullable(),
  externalId: z.string().nullable(),
  stripeSessionId: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  paidAt: z.string(),
  /** What Stripe refunded so far (charge.refunded), 0 when nothing. */
  refundedCents: z.number().int(),
  refundedAt: z.string().nullable(),
  account: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  invitee: z
    .object({
      id: z.number().int(),
      invitationId: z.number().int(),
      invitationCode: z.string().nullable(),
      institutionName: z.string(),
    })
    .nullable(),
  /** The staff member who recorded it; null for Stripe and API calls without a person. */
  recordedBy: z.string().nullable(),
  /**
   * Null for a payment applied the ordinary way. 'pending': a payment to review (the webhook did not apply it,
   * `reason` says why; it made nobody a member) until staff apply or refund it; 'applied' with staff's reason for
   * a second payment recorded on purpose.
   */
  review: z
    .object({
      state: z.enum(PAYMENT_REVIEW_STATES),
      reason: z.string(),
      reviewedAt: z.string().nullable(),
      reviewedBy: z.string().nullable(),
    })
    .nullable(),
});
export type Payment = z.infer<typeof Payment>;

const externalId = (label: string) =>
  requiredText(`${label} is required`, 200, `${label} must be 200 characters or less`).describe(
    'Your own id of this call: a repeat with the same id changes nothing and gets the same answer',
  );

/** Record Payment (staff, integrators): a fee taken outside Stripe. */
export const RecordPaymentInput = z
  .object({
    amountCents: z
      .number({
        // A cleared field (null) is as missing as a left-out one.
        errorMap: (issue) => ({
          message:
            issue.code === 'invalid_type' && (issue.received === 'undefined' || issue.received === 'null')
              ? AMOUNT_REQUIRED
              : 'Amount must be a number',
        }),
      })
      .int('Amount must be whole cents')
      .min(1, 'Amount must be more than 0')
      .max(10_000_000, 'Amount must be $100,000 or less'),
    method: requiredEnum([...RECORDED_PAYMENT_METHODS], `Method must be one of ${RECORDED_PAYMENT_METHODS.join(', ')}`),
    reference: nullableText(200, 'Reference'),
    externalId: externalId('External id'),
    paidAt: z
      .string()
      .datetime({ offset: true, message: 'Paid at must be an ISO date and time' })
      // A minute's leeway for a caller's clock a little ahead.
      .refine((v) => !(Date.parse(v) > Date.now() + 60_000), PAID_AT_IN_FUTURE)
      .optional()
      .describe('When it was paid; now when left out'),
    another: z
      .boolean({ invalid_type_error: 'Another must be true or false' })
      .optional()
      .describe('Record another payment for a membership already paid (409 without it), with anotherReason'),
    anotherReason: nullableText(500, 'Reason').describe('Why a second payment is recorded (kept and audited)'),
  })
  .superRefine((v, ctx) => {
    if (v.another && !v.anotherReason)
      ctx.addIssue({ code: 'custom', path: ['anotherReason'], message: ANOTHER_PAYMENT_REASON_REQUIRED });
  });
export type RecordPaymentInput = z.input<typeof RecordPaymentInput>;

/** Complete Without Payment: the fee is waived (at most once per account). */
export const WaiveFeeInput = z.object({
  reference: nullableText(200, 'Reason'),
  externalId: externalId('External id').optional(),
});
export type WaiveFeeInput = z.input<typeof WaiveFeeInput>;

export const RecordPledgeInput = z.object({ externalId: externalId('External id') });
export type RecordPledgeInput = z.input<typeof RecordPledgeInput>;

export const PledgeRecord = z.object({
  inviteeId: z.number().int(),
  accountId: z.number().int(),
  state: z.enum(JOIN_STATES),
  pledgedAt: z.string(),
  externalId: z.string().nullable(),
});
export type PledgeRecord = z.infer<typeof PledgeRecord>;

const known = { 404: ErrorBody, 409: ErrorBody } as const;
const ACCOUNT = '/admin/accounts/legacy/:id';
const INVITEE = '/admin/logistics/invitees/:id';
const ONCE =
  'Idempotent by externalId: a repeat (or two at once) changes nothing and gets the same answer; an externalId used for another record is a 409.';
const PAYMENT_EFFECT =
  "Records the payment, sets the account's memberAt and the invitee's legacyPaidAt and queues the WelcomeEmail once, as a Stripe payment does.";
const WAIVE_EFFECT =
  'Waives the fee: makes the member (memberAt, legacyPaidAt), records the waiver in payments and queues the WelcomeEmailNoPayment once. 409 when the membership is already paid.';

/** Issue 23's staff side and integrator calls: payments taken outside Stripe, waived fees, pledges, and the payments list. */
export const paymentsContract = c.router(
  {
    list: listRoute(
      '/admin/accounts/payments',
      PaymentListQuery,
      Payment,
      'List membership payments and waived fees with their account and invitation (search, paid day range, method)',
    ),
    export: exportRoute('/admin/accounts/payments/export', PaymentListQuery, 'Export the filtered payments as CSV'),
    recordForAccount: {
      method: 'POST',
      path: `${ACCOUNT}/payment`,
      pathParams: IdParam,
      body: RecordPaymentInput,
      responses: { 200: Payment, ...known },
      summary: `Record Payment for a member or pledge (the invitee of their invitation code, if any). ${PAYMENT_EFFECT} ${ONCE}`,
    },
    waiveForAccount: {
      method: 'POST',
      path: `${ACCOUNT}/complete-without-payment`,
      pathParams: IdParam,
      body: WaiveFeeInput,
      responses: { 200: Payment, ...known },
      summary: `Complete Without Payment for a member or pledge. ${WAIVE_EFFECT}`,
    },
    applyReview: {
      method: 'POST',
      path: '/admin/accounts/payments/:id/apply',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 200: Payment, ...known },
      summary:
        'Apply a payment to review: the person becomes a member as by an ordinary payment (the WelcomeEmail once). Audited. 409 when it is not waiting for review.',
    },
    refundReview: {
      method: 'POST',
      path: '/admin/accounts/payments/:id/refund',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 200: Payment, 502: ErrorBody, ...known },
      summary:
        'Refund a payment to review in full through Stripe and mark it refunded; nobody becomes a member. Audited. 409 when it is not waiting for review or has no Stripe payment.',
    },
    recordPledge: {
      method: 'POST',
      path: `${INVITEE}/pledge`,
      pathParams: IdParam,
      body: RecordPledgeInput,
      responses: { 200: PledgeRecord, ...known },
      summary:
        "Record an invitee's pledge (integrators): creates or links the invitee's account (no password: the person sets one through a reset) and sets legacyPledgeAt. " +
        `409 for an expired or removed invitation. ${ONCE}`,
    },
    recordForInvitee: {
      method: 'POST',
      path: `${INVITEE}/payment`,
      pathParams: IdParam,
      body: RecordPaymentInput,
      responses: { 200: Payment, ...known },
      summary: `Record an invitee's payment (staff, integrators); pledges first when the invitee has not. ${PAYMENT_EFFECT} 409 for a removed invitee. ${ONCE}`,
    },
    waiveForInvitee: {
      method: 'POST',
      path: `${INVITEE}/complete-without-payment`,
      pathParams: IdParam,
      body: WaiveFeeInput,
      responses: { 200: Payment, ...known },
      summary: `Complete Without Payment for an invitee; pledges first when the invitee has not. ${WAIVE_EFFECT} 409 for a removed invitee.`,
    },
  },
  { metadata: meta.area('payments') },
);
