import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { firstPassword } from './account-fields.js';
import { requiredEmail } from './common/fields.js';

/** Every way a set-password link can be wrong (unknown, used, expired, replaced by a newer one) gets this answer. */
export const PASSWORD_LINK_INVALID = 'This link is not valid or has expired. Ask for a new one.';
/** Spec 01's wording for a saved password. */
export const PASSWORD_SET = 'Password saved successfully.';

export const SetPasswordBody = z.object({
  /** The `token` of the emailed link (`/set-password?token=...`); a missing one is the same 400 as a wrong one. */
  token: z.string().optional(),
  password: firstPassword,
});
export type SetPasswordBody = z.input<typeof SetPasswordBody>;

/** The one answer of "Forgot password?", whether or not the address has an account. */
export const PASSWORD_LINK_REQUESTED =
  'If an account uses this address, we have emailed it a link to set a new password. The link works once, for 7 days.';

export const ForgotPasswordBody = z.object({
  email: requiredEmail(),
});
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;

/**
 * Set-password links (issue 34): an account's own address receives a single-use link valid 7 days (a pledge
 * on an account without a password; later staff invites and "Forgot password?"); this sets the password.
 */
export const publicPasswordContract = c.router(
  {
    setPassword: {
      method: 'POST',
      path: '/public/set-password',
      body: SetPasswordBody,
      responses: { 200: z.object({ message: z.string() }), 400: ErrorBody, 429: ErrorBody },
      summary:
        `Set the password of the account of an emailed set-password link: once; ends the account's sessions and signs no one in. ` +
        `400 '${PASSWORD_LINK_INVALID}' for every bad link, 400 on password for a short or common password; throttled per address like sign-in (429)`,
    },
    forgotPassword: {
      method: 'POST',
      path: '/public/forgot-password',
      body: ForgotPasswordBody,
      responses: { 202: z.object({ message: z.string() }), 400: ErrorBody, 429: ErrorBody },
      summary:
        `"Forgot password?": emails a set-password link to the address when an active account uses it; ` +
        `the same 202 '${PASSWORD_LINK_REQUESTED}' for every address; throttled per address and client like sign-in (429)`,
    },
  },
  { metadata: meta.public },
);
