import { z } from 'zod';
import { requiredText } from './common/fields.js';
import { queryDate } from './common/list.js';

// Fields and messages shared by the accounts and the members/pledges areas (both are the accounts table).

export const ROLE_PREFIX = 'ROLE_';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
export const PASSWORD_MIN = 8;
export const DEFAULT_PHONE_COUNTRY = 'US';
export const ACCOUNT_STATUSES = ['member', 'pledge'] as const;

// The server's error handler words a unique violation from the table and key columns (23505 -> 409):
// these are the texts it gives for the accounts' two unique keys.
export const DUPLICATE_EMAIL = 'An account with this email already exists';
export const DUPLICATE_INVITATION_CODE = 'An account with this invitation code already exists';

export const accountEmail = requiredText('Email is required', 254, 'Email must be 254 characters or less').email(
  'Invalid email',
);

export const accountNameFields = {
  firstName: requiredText('First Name is required', 100, 'First Name must be 100 characters or less'),
  lastName: requiredText('Last Name is required', 100, 'Last Name must be 100 characters or less'),
};

/** A first password (account create, the join funnel's pledge): spec 01's minimum length. */
export const firstPassword = z
  .string({ required_error: 'Password is required', invalid_type_error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password should be at least ${PASSWORD_MIN} chars`)
  .max(1024, 'Password must be 1024 characters or less');

/** Password reset body (spec 01 §5 texts; a mismatch is reported on confirmPassword). */
export const ResetPasswordInput = z
  .object({
    newPassword: z
      .string({ required_error: 'New Password is required', invalid_type_error: 'New Password is required' })
      .min(1, 'New Password is required')
      .min(PASSWORD_MIN, `New password should be at least ${PASSWORD_MIN} chars`)
      .max(1024, 'New password must be 1024 characters or less'),
    confirmPassword: z
      .string({ required_error: 'Confirm Password is required', invalid_type_error: 'Confirm Password is required' })
      .min(1, 'Confirm Password is required'),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "Passwords don't match" });
    }
  });
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

/** Day-range filters of the account lists (whole UTC days). */
export const accountDateFilters = {
  pledgeFrom: queryDate.describe('First pledge day, YYYY-MM-DD (UTC), inclusive'),
  pledgeTo: queryDate.describe('Last pledge day, YYYY-MM-DD (UTC), inclusive'),
  memberFrom: queryDate.describe('First membership day, YYYY-MM-DD (UTC), inclusive'),
  memberTo: queryDate.describe('Last membership day, YYYY-MM-DD (UTC), inclusive'),
};

/** The member/pledge status filter of the account lists. */
export const accountStatusFilter = z
  .enum(ACCOUNT_STATUSES, { errorMap: () => ({ message: 'Status must be member or pledge' }) })
  .optional()
  .describe('member: has completed membership; pledge: pledged and has not completed membership');
