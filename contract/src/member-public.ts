import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { requiredText } from './common/fields.js';

// The public side of what members get (issue 38): certificate verification (the QR code's page) and the
// confirmation of an email change from the link sent to the new address.

export const CERTIFICATE_STATES = ['valid', 'revoked'] as const;
export const EMAIL_CHANGE_LINK_INVALID = 'This link is not valid any more. Ask for a new one from your profile.';

/** What anyone may learn about a certificate: its state, name, chapter, institution and date, nothing else. */
export const CertificateVerification = z.object({
  state: z.enum(CERTIFICATE_STATES),
  /** Null when the member opted out of the directory and the certificate number was not given. */
  name: z.string().nullable(),
  chapter: z.string().nullable(),
  institution: z.string().nullable(),
  memberSince: z.string().nullable(),
  /** True when the name is hidden until the certificate number is entered. */
  nameNeedsNumber: z.boolean(),
});
export type CertificateVerification = z.infer<typeof CertificateVerification>;

export const memberPublicContract = c.router(
  {
    certificate: {
      method: 'GET',
      path: '/public/certificates/:id',
      pathParams: z.object({ id: z.string().max(64) }),
      query: z.object({ number: z.string().trim().max(40).optional() }),
      responses: { 200: CertificateVerification },
      summary:
        'Verify a membership certificate (the QR code of the PDF): valid or revoked, name, chapter, institution ' +
        "and date. A member who opted out of the directory is named only with the certificate's number. Unknown: 404",
    },
    confirmEmailChange: {
      method: 'POST',
      path: '/public/email-change/confirm',
      body: z.object({ token: requiredText('Token is required', 100) }),
      responses: { 200: z.object({ message: z.string(), email: z.string() }) },
      summary: 'Confirm a new email address with the single-use link sent to it; a used or expired link is 404',
    },
  },
  { metadata: meta.public },
);
