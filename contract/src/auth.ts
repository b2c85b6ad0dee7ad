import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';

export const CurrentAccount = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  admin: z.boolean(),
  roles: z.array(z.string()),
  /** What it may do in /admin: the union of its roles' permissions (common/permissions.ts); `self` is implied. */
  permissions: z.array(z.string()),
  /** The chapters its chapter-scoped roles reach. */
  chapterIds: z.array(z.number().int()),
  mustSetUpTwoFactor: z
    .boolean()
    .describe('REQUIRE_STAFF_2FA is on and this staff account has no second factor yet: only its set-up works'),
});
export type CurrentAccount = z.infer<typeof CurrentAccount>;

export const LoginBody = z.object({
  email: z
    .string({ required_error: 'Email is required', invalid_type_error: 'Email must be text' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be 254 characters or less')
    .email('Invalid email'),
  password: z
    .string({ required_error: 'Password is required', invalid_type_error: 'Password must be text' })
    .min(1, 'Password is required')
    .max(1024, 'Password must be 1024 characters or less'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const INVALID_LOGIN = 'Invalid email or password';

/** The second step of a sign-in: a six-digit code from the authenticator app, or a recovery code. */
export const LoginCodeBody = z.object({
  code: z
    .string({ required_error: 'Code is required', invalid_type_error: 'Code must be text' })
    .trim()
    .min(1, 'Code is required')
    .max(40, 'Code must be 40 characters or less'),
});
export type LoginCodeBody = z.infer<typeof LoginCodeBody>;

/** Every wrong second-step code (wrong, used before, malformed, an unknown recovery code) gets this one answer. */
export const INVALID_CODE = 'Invalid code';
/** The password step was too long ago (or never happened in this browser). */
export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';

/** The password was right and the account has a second factor: the code is asked next. */
export const SecondStep = z.object({ secondFactor: z.literal('code') });

/** A new or reset password found among the most common ones (checked on the server only). */
export const COMMON_PASSWORD = 'This password is too common. Choose a less common one.';

export const authContract = c.router({
  login: {
    method: 'POST',
    path: '/auth/login',
    body: LoginBody,
    responses: { 200: z.object({ account: CurrentAccount }), 202: SecondStep },
    metadata: meta.public,
    summary: 'Sign in with email and password; sets the session cookie',
    description:
      'Starts a new session (any session named by the request cookie is ended). Sessions end after ' +
      'SESSION_IDLE_MINUTES without a call and SESSION_MAX_HOURS in all. Failed sign-ins are throttled per ' +
      'email and address, per email and per address: 429 with a Retry-After header in seconds. A staff ' +
      'account with two-factor sign-in answers 202 instead: no session yet, a short-lived signed cookie for ' +
      'POST /api/auth/login/code.',
  },
  loginCode: {
    method: 'POST',
    path: '/auth/login/code',
    body: LoginCodeBody,
    responses: { 200: z.object({ account: CurrentAccount }) },
    metadata: meta.public,
    summary: 'Second step of a sign-in: the authenticator code (or a recovery code); sets the session cookie',
    description:
      'Needs the cookie the password step set (valid 5 minutes). A code is accepted within one 30-second step ' +
      'either way and only once; a recovery code once. Throttled with the password attempts: 429 with Retry-After.',
  },
  logout: {
    method: 'GET',
    path: '/auth/logout',
    responses: { 302: c.noBody() },
    metadata: meta.public,
    summary: 'Revoke the current session and redirect to /login',
  },
  signOut: {
    method: 'POST',
    path: '/auth/logout',
    body: c.noBody(),
    responses: { 302: c.noBody() },
    metadata: meta.public,
    summary: 'The same sign-out for a plain form (the server-rendered member home posts it, empty, as text/plain)',
  },
  currentAccount: {
    method: 'GET',
    path: '/public/account',
    responses: { 200: CurrentAccount },
    metadata: meta.signedIn,
    summary: 'The signed-in account',
  },
});
