import type { ReceiptDocument } from '../services/receipts/receipts.js';
import type { CertificateInput } from '../services/certificates/certificate-pdf.js';

/*
 * The documents the PDF tests print (services/certificates/*.test.ts): a paid receipt and a valid certificate,
 * each with what a test changes given over the defaults.
 */

/** A receipt for a $95 Stripe payment by Ada Lovelace (R-000007), printed by `receiptPdf`. */
export const receiptFixture = <S extends ReceiptDocument['society']>(
  society: S,
  over: Partial<ReceiptDocument> = {},
): ReceiptDocument & { society: S } => ({
  id: 1,
  kind: 'receipt',
  number: 'R-000007',
  issuedAt: new Date('2026-03-14T12:00:00Z'),
  amountCents: 9500,
  currency: 'usd',
  paymentId: 1,
  method: 'stripe',
  reference: null,
  stripePaymentIntentId: 'pi_test_1',
  accountId: 1,
  memberName: 'Ada Lovelace',
  memberEmail: 'ada@example.edu',
  refundOf: null,
  ...over,
  society,
});

/** Ada Lovelace's valid certificate (MC-000042), printed by `certificatePdf`. */
export const certificateFixture = (
  over: Partial<CertificateInput['certificate']>,
  input: Partial<Omit<CertificateInput, 'certificate'>> = {},
): CertificateInput => ({
  certificate: {
    id: '6f1c3a52-3f7e-4d0b-9a38-0c8f9d1e2b47',
    number: 'MC-000042',
    accountId: 1,
    state: 'valid',
    issuedAt: new Date('2026-03-14T12:00:00Z'),
    revokedAt: null,
    name: 'Ada Lovelace',
    chapter: 'Alpha',
    institution: 'Example College',
    memberSince: new Date('2026-03-14T12:00:00Z'),
    directoryOptOut: false,
    chapterId: null,
    ...over,
  },
  society: { name: 'Honor Society' },
  verifyUrl: 'https://members.example.org/verify/6f1c3a52-3f7e-4d0b-9a38-0c8f9d1e2b47',
  size: 'a4',
  signers: [],
  ...input,
});
