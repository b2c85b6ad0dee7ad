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
});
export type CurrentAccount = z.infer<typeof CurrentAccount>;

export const LoginBody = z.object({
  email: z.string({ required_error: 'Email is required', invalid_type_error: 'Email must be text' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be 254 characters or less')
    .email('Invalid email'),
  password: z.string({ required_error: 'Password is required', invalid_type_error: 'Password must be text' })
    .min(1, 'Password is required')
    .max(1024, 'Password must be 1024 characters or less'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const INVALID_LOGIN = 'Invalid email or password';

/** A new or reset password found among the most common ones (checked on the server only). */
export const COMMON_PASSWORD = 'This password is too common. Choose a less common one.';

export const authContract = c.router({
  login: {
    method: 'POST',
    path: '/auth/login',
    body: LoginBody,
    responses: { 200: z.object({ account: CurrentAccount }) },
    metadata: meta.public,
    summary: 'Sign in with email and password; sets the session cookie',
    description:
      'Starts a new session (any session named by the request cookie is ended). Sessions end after ' +
      'SESSION_IDLE_MINUTES without a call and SESSION_MAX_HOURS in all. Failed sign-ins are throttled per ' +
      'email and address, per email and per address: 429 with a Retry-After header in seconds.',
  },
  logout: {
    method: 'GET',
    path: '/auth/logout',
    responses: { 302: c.noBody() },
    metadata: meta.public,
    summary: 'Revoke the current session and redirect to /login',
  },
  currentAccount: {
    method: 'GET',
    path: '/public/account',
    responses: { 200: CurrentAccount },
    metadata: meta.signedIn,
    summary: 'The signed-in account',
  },
});
