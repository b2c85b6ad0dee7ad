import { z } from 'zod';
import { listQuery, queryDate } from '../common/list.js';

// The payments list's query and its methods, apart from the area's routes: see ./README.md.

/** How a membership fee was paid: through Stripe, recorded by staff or an integrator (card, check, cash, other), or waived (no payment). */
export const PAYMENT_METHODS = ['stripe', 'card', 'check', 'cash', 'other', 'waived'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  stripe: 'Stripe',
  card: 'Card',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
  waived: 'Waived',
};

/** A payment to review ('pending'), applied or refunded from there; 'applied' is also a second payment staff recorded on purpose. */
export const PAYMENT_REVIEW_STATES = ['pending', 'applied', 'refunded'] as const;
export type PaymentReviewState = (typeof PAYMENT_REVIEW_STATES)[number];

export const PAYMENT_REVIEW_LABELS: Record<PaymentReviewState, string> = {
  pending: 'To review',
  applied: 'Reviewed: applied',
  refunded: 'Reviewed: refunded',
};

/** An invitation's id in a query string ('12'): only its payments; empty means every invitation. */
const queryInvitationId = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return undefined;
    if (!/^[1-9]\d{0,9}$/.test(v.trim()) || Number(v) > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'Invitation id must be a whole number' });
      return z.NEVER;
    }
    return Number(v);
  });

/**
 * /admin/accounts/payments: search (name, email, invitation code, reference, external or Stripe id), paid day range,
 * method, review state, one invitation's payments (its Revenue's 'See Payments').
 */
export const PaymentListQuery = listQuery({
  sortable: ['paidAt', 'amountCents', 'name', 'id'] as const,
  defaultSort: 'paidAt:desc',
  filters: {
    method: z
      .enum(PAYMENT_METHODS, { errorMap: () => ({ message: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }) })
      .optional(),
    review: z
      .enum(PAYMENT_REVIEW_STATES, {
        errorMap: () => ({ message: `Review must be one of ${PAYMENT_REVIEW_STATES.join(', ')}` }),
      })
      .optional()
      .describe('Only payments to review (pending), or those reviewed (applied, refunded)'),
    paidFrom: queryDate.describe('First payment day, YYYY-MM-DD (UTC), inclusive'),
    paidTo: queryDate.describe('Last payment day, YYYY-MM-DD (UTC), inclusive'),
    invitationId: queryInvitationId.describe('Only the payments of the invitees of this invitation (its id)'),
  },
});
export type PaymentListQuery = z.input<typeof PaymentListQuery>;
