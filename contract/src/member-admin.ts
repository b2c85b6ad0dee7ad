import { z } from 'zod';
import { c } from './c.js';
import { conflict } from './common/error.js';
import { meta } from './common/access.js';
import { IdParam, requiredText } from './common/fields.js';
import { MemberBadge, MemberCertificate, Receipt } from './member.js';

// The staff side of what members get (issue 38 §7): a payment's receipt PDF, and an account's receipts and
// certificate with revoke and reissue (audited).

export const CERTIFICATE_REVOKED = 'Certificate revoked.';
export const CERTIFICATE_REISSUED = 'Certificate reissued.';

export const StaffCertificate = MemberCertificate.extend({
  state: z.enum(['valid', 'revoked']),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type StaffCertificate = z.infer<typeof StaffCertificate>;

export const AccountMembership = z.object({
  receipts: z.array(Receipt),
  /** The newest certificate (live or revoked); null when none was issued. */
  certificate: StaffCertificate.nullable(),
  badges: z.array(MemberBadge),
});
export type AccountMembership = z.infer<typeof AccountMembership>;

const pdf = c.otherResponse({ contentType: 'application/pdf', body: z.any().describe('The PDF') });

export const paymentReceiptContract = c.router(
  {
    receiptPdf: {
      method: 'GET',
      path: '/admin/accounts/payments/:id/receipt.pdf',
      pathParams: IdParam,
      query: z.object({ kind: z.enum(['receipt', 'credit_note']).default('receipt') }),
      responses: { 200: pdf },
      summary: "A payment's receipt (or its latest credit note, kind=credit_note): the same PDF the member downloads",
    },
  },
  { metadata: meta.area('payments') },
);

export const accountMembershipContract = c.router(
  {
    membership: {
      method: 'GET',
      path: '/admin/accounts/:id/membership',
      pathParams: IdParam,
      responses: { 200: AccountMembership },
      summary: "An account's receipts and certificate",
    },
    revokeCertificate: {
      method: 'POST',
      path: '/admin/accounts/:id/certificate/revoke',
      pathParams: IdParam,
      body: z.object({ reason: requiredText('Reason is required', 300, 'Reason must be 300 characters or less') }),
      responses: { 200: AccountMembership, ...conflict },
      summary: "Revoke the account's live certificate (audited); its verification page then says revoked",
    },
    revokeBadge: {
      method: 'POST',
      path: '/admin/accounts/:id/badges/:badgeId/revoke',
      pathParams: IdParam.extend({ badgeId: z.string().uuid('Badge id must be a uuid') }),
      body: c.noBody(),
      responses: { 200: AccountMembership, ...conflict },
      summary: "Revoke one of the account's Open Badges (audited): the society's status list then marks it revoked",
    },
    reissueCertificate: {
      method: 'POST',
      path: '/admin/accounts/:id/certificate/reissue',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 200: AccountMembership, ...conflict },
      summary: 'Revoke the live certificate, if any, and issue a new one (new id and number), audited',
    },
  },
  { metadata: meta.area('accounts') },
);
