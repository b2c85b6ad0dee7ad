import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { Address, AddressInput } from './common/address.js';
import { conflict } from './common/error.js';
import { idNumber, nullableText, requiredText } from './common/fields.js';

// What a member gets (issue 38): their home's status, receipts, certificate and profile. Every call answers only
// the signed-in account's own records: another member's receipt or certificate is 404.

export const RECEIPT_KINDS = ['receipt', 'credit_note'] as const;
export const CERTIFICATE_SIZES = ['a4', 'letter'] as const;
export const PROFILE_SAVED = 'Profile saved successfully.';
export const EMAIL_CHANGE_SENT = 'We sent a confirmation link to the new address. Your email changes when you open it.';
export const EMAIL_CHANGED = 'Your email address is changed.';
export const EMAIL_TAKEN = 'This email address belongs to another account';
export const PASSWORD_LINK_SENT = 'We sent a link to set a new password to your email address.';

/** The membership as the member home shows it. */
export const MemberStatus = z.object({
  state: z.enum(['member', 'pledge', 'none']),
  pledgedAt: z.string().nullable(),
  memberSince: z.string().nullable(),
  chapter: z.string().nullable(),
  institution: z.string().nullable(),
});
export type MemberStatus = z.infer<typeof MemberStatus>;

export const MemberProfile = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** The name as it should appear on the certificate; null: first and last name. */
  certificateName: z.string().nullable(),
  email: z.string(),
  /** A new address waiting for its confirmation link, if any. */
  pendingEmail: z.string().nullable(),
  phone: z.string().nullable(),
  address: Address,
  /** Keep me out of anything shown to third parties: the verification page asks for the certificate number. */
  directoryOptOut: z.boolean(),
  twoFactor: z.boolean(),
  status: MemberStatus,
});
export type MemberProfile = z.infer<typeof MemberProfile>;

export const MemberProfileInput = z.object({
  firstName: requiredText('First name is required', 100, 'First name must be 100 characters or less'),
  lastName: requiredText('Last name is required', 100, 'Last name must be 100 characters or less'),
  certificateName: nullableText(150, 'Certificate name'),
  phone: nullableText(40, 'Phone'),
  address: AddressInput,
  directoryOptOut: z.boolean({ invalid_type_error: 'Directory opt-out must be true or false' }).default(false),
});
export type MemberProfileInput = z.input<typeof MemberProfileInput>;

export const EmailChangeInput = z.object({
  email: requiredText('Email is required', 254, 'Email must be 254 characters or less').pipe(
    z.string().email('Email must be a valid email address'),
  ),
});

export const Receipt = z.object({
  id: z.number().int(),
  kind: z.enum(RECEIPT_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  method: z.string(),
  /** A credit note's receipt number. */
  refundOf: z.string().nullable(),
  /** Where the PDF downloads from. */
  pdfUrl: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

/** An Open Badge for a completed program: its public page (JSON or VC-JWT by Accept) and LinkedIn's add link. */
export const MemberBadge = z.object({
  id: z.string().uuid(),
  name: z.string(),
  issuedAt: z.string(),
  revoked: z.boolean(),
  url: z.string(),
  linkedInUrl: z.string(),
});
export type MemberBadge = z.infer<typeof MemberBadge>;

export const MemberCertificate = z.object({ id: z.string().uuid(), number: z.string(), verifyUrl: z.string() });
export type MemberCertificate = z.infer<typeof MemberCertificate>;

const pdf = c.otherResponse({ contentType: 'application/pdf', body: z.any().describe('The PDF') });
export const ReceiptPdfParams = z.object({ id: idNumber('id') });
export const CertificatePdfQuery = z.object({
  size: z.enum(CERTIFICATE_SIZES, { errorMap: () => ({ message: 'Size must be a4 or letter' }) }).default('letter'),
});

export const memberContract = c.router(
  {
    profile: {
      method: 'GET',
      path: '/member/profile',
      responses: { 200: MemberProfile },
      summary: "The signed-in member's profile and membership status",
    },
    saveProfile: {
      method: 'PUT',
      path: '/member/profile',
      body: MemberProfileInput,
      responses: { 200: MemberProfile },
      summary: 'Save the own profile (name changes are audited); the email changes through changeEmail',
    },
    changeEmail: {
      method: 'POST',
      path: '/member/profile/email',
      body: EmailChangeInput,
      responses: { 202: z.object({ message: z.string() }), ...conflict },
      summary: 'Ask to change the email address: a single-use link (7 days) goes to the new address',
    },
    sendPasswordLink: {
      method: 'POST',
      path: '/member/profile/password-link',
      body: c.noBody(),
      responses: { 202: z.object({ message: z.string() }) },
      summary: 'Email a link to set a new password to the own address',
    },
    receipts: {
      method: 'GET',
      path: '/member/receipts',
      responses: { 200: z.array(Receipt) },
      summary: "The member's receipts (one per payment) and credit notes (one per refund), newest first",
    },
    receiptPdf: {
      method: 'GET',
      path: '/member/receipts/:id.pdf',
      pathParams: ReceiptPdfParams,
      responses: { 200: pdf },
      summary: "One of the member's receipts or credit notes as PDF; another member's is 404",
    },
    certificate: {
      method: 'GET',
      path: '/member/certificate',
      responses: { 200: MemberCertificate },
      summary: "The member's certificate (issued on first request); 404 for a pledge or a revoked certificate",
    },
    badges: {
      method: 'GET',
      path: '/member/badges',
      responses: { 200: z.array(MemberBadge) },
      summary:
        "The member's Open Badges 3.0 credentials, one per completed program (issued on the first look after completion)",
    },
    certificatePdf: {
      method: 'GET',
      path: '/member/certificate.pdf',
      query: CertificatePdfQuery,
      responses: { 200: pdf },
      summary: 'The membership certificate as PDF, landscape A4 or US Letter (default)',
    },
  },
  { metadata: meta.member },
);
