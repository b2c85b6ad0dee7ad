import type { Generated } from 'kysely';
import type { CreatedAt, DefaultedTimestamp, GeneratedText, Timestamp } from './types.js';

/** 'waived': a fee staff waived (Complete Without Payment, migration 0031), amount 0, at most one per account. */
export type PaymentMethod = 'stripe' | 'card' | 'check' | 'cash' | 'other' | 'waived';

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
  search: GeneratedText;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** Stripe event ids already handled (migration 0027): a redelivered event finds its row and changes nothing. */
export interface StripeEventTable {
  id: string;
  type: string;
  receivedAt: CreatedAt;
}
