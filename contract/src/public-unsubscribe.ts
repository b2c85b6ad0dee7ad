import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { idNumber } from './common/fields.js';

/** The address prefix of the public, cookie-less, cross-origin invitation calls (CORS and the one-click form body). */
export const PUBLIC_INVITATION_PATH_PREFIX = '/api/public/invitations/';

/** A bigserial id in a path: a whole number from `min`, exact as a JS number. */
const bigId = (label: string, min: number) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be ${min} or more`)
    .max(Number.MAX_SAFE_INTEGER, `${label} is too large`);

export const UnsubscribeParams = z.object({
  invitationId: idNumber('invitationId'),
  /** The send's id; '0' is a test send (the page answers without calling). */
  emailId: bigId('emailId', 0),
  inviteeId: bigId('inviteeId', 1),
});
export type UnsubscribeParams = z.infer<typeof UnsubscribeParams>;

/** A missing signature is not a 400: the handler answers 403 like a wrong one. */
export const UnsubscribeQuery = z.object({ signature: z.string().max(200).optional() });

export const UnsubscribeStatus = z.object({ success: z.boolean(), alreadyUnsubscribed: z.boolean() });
export type UnsubscribeStatus = z.infer<typeof UnsubscribeStatus>;

/**
 * Spec 02 §7 Public: the signed unsubscribe link's calls. No cookie, any origin (CORS), and the POST is
 * also the RFC 8058 one-click target (`List-Unsubscribe=One-Click`, form-encoded).
 */
export const publicUnsubscribeContract = c.router(
  {
    unsubscribe: {
      method: 'POST',
      path: '/public/invitations/:invitationId/email/:emailId/:inviteeId/unsubscribe',
      pathParams: UnsubscribeParams,
      query: UnsubscribeQuery,
      body: c.noBody(),
      responses: { 200: UnsubscribeStatus, 403: ErrorBody },
      summary:
        'Unsubscribe an invitee from invitation emails (signed link; also the RFC 8058 one-click target). Idempotent: ' +
        'alreadyUnsubscribed is true on a repeat. A bad or missing signature answers 403.',
    },
    status: {
      method: 'GET',
      path: '/public/invitations/:invitationId/email/:emailId/:inviteeId/status',
      pathParams: UnsubscribeParams,
      query: UnsubscribeQuery,
      responses: { 200: UnsubscribeStatus, 403: ErrorBody },
      summary: 'Whether the invitee of a signed unsubscribe link is already unsubscribed',
    },
  },
  { metadata: meta.public },
);
