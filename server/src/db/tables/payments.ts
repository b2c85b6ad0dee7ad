import type { Generated } from 'kysely';
import type { CreatedAt, DefaultedTimestamp, GeneratedText, Timestamp } from './types.js';

/** 'waived': a fee staff waived (Complete Without Payment, migration 0031), amount 0, at most one per account. */
export type PaymentMethod = 'stripe' | 'card' | 'check' | 'cash' | 'other' | 'waived';

/**
 * A payment the webhook did not apply waits 'pending' (making nobody a member) until staff apply or refund it;
 * a second payment staff record on purpose is 'applied' at once. The reason says why, either way.
 */
export type PaymentReviewState = 'pending' | 'applied' | 'refunded';

/** Membership fee payments (migration 0027): one row per Checkout Session or external id. */
export interface PaymentTable {
  id: Generated<number>;
  accountId: number;
  inviteeId: number | null;
  amountCents: number;
  currency: Generated<string>;
  method: PaymentMethod;
  reference: string | null;
  externalId: string | null;
  stripeSessionId: string | null;
  stripePaymentIntentId: string | null;
  paidAt: DefaultedTimestamp;
  refundedCents: Generated<number>;
  refundedAt: Timestamp | null;
  recordedBy: number | null;
  /** Migration 0034c: null for a payment applied the ordinary way; see PaymentReviewState. */
  reviewState: PaymentReviewState | null;
  reviewReason: string | null;
  reviewedBy: number | null;
  reviewedAt: Timestamp | null;
  search: GeneratedText;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** The Stripe Checkout Sessions the product created (migration 0034c): the only ones the webhook applies. */
export interface CheckoutSessionTable {
  id: string;
  inviteeId: number;
  amountCents: number;
  currency: string;
  createdAt: CreatedAt;
  expiredAt: Timestamp | null;
}

/** Stripe event ids already handled (migration 0027): a redelivered event finds its row and changes nothing. */
export interface StripeEventTable {
  id: string;
  type: string;
  receivedAt: CreatedAt;
}
