import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { conflict } from './common/error.js';
import { IdParam } from './common/fields.js';

// Two-factor sign-in for staff (issue 27): TOTP set-up on the profile, recovery codes, and the reset of another account's factor.

/** The set-up routes: with REQUIRE_STAFF_2FA and no factor yet, the only /api/admin calls that work. */
export const TWO_FACTOR_SETUP_PATH_PREFIX = '/api/admin/profile/two-factor';

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean().describe('REQUIRE_STAFF_2FA: staff cannot work without it'),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({
  secret: z.string().describe('The TOTP key in base32, to type into an app that cannot scan'),
  uri: z.string().describe('otpauth://totp/... (RFC 6238, SHA-1, 6 digits, 30 s)'),
  qrCode: z.string().describe('The uri as a QR code: a data:image/svg+xml URL made on the server'),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

const code = z
  .string({ required_error: 'Code is required', invalid_type_error: 'Code must be text' })
  .trim()
  .min(1, 'Code is required')
  .max(40, 'Code must be 40 characters or less');

export const TwoFactorConfirmInput = z.object({ code });
export type TwoFactorConfirmInput = z.infer<typeof TwoFactorConfirmInput>;

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()).describe('Shown once; each works once') });

/** Turning it off, or replacing the recovery codes, takes a current code or the account's password. */
export const TwoFactorDisableInput = z
  .object({
    code: z.string().trim().max(40, 'Code must be 40 characters or less').optional(),
    password: z.string().max(1024, 'Password must be 1024 characters or less').optional(),
  })
  .refine((v) => !!v.code || !!v.password, { message: 'Enter a code from your app or your password', path: ['code'] });
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableInput>;

export const WRONG_CODE_OR_PASSWORD = 'That code or password is not right';

export const twoFactorContract = c.router(
  {
    status: {
      method: 'GET',
      path: '/admin/profile/two-factor',
      responses: { 200: TwoFactorStatus },
      summary: "The signed-in staff member's two-factor sign-in",
    },
    setup: {
      method: 'POST',
      path: '/admin/profile/two-factor/setup',
      body: c.noBody(),
      responses: { 200: TwoFactorSetup, ...conflict },
      summary: 'Start turning on two-factor sign-in: a new TOTP key and its QR code (not on until confirmed)',
    },
    confirm: {
      method: 'POST',
      path: '/admin/profile/two-factor/confirm',
      body: TwoFactorConfirmInput,
      responses: { 200: RecoveryCodes, ...conflict },
      summary: 'Turn two-factor sign-in on with a code from the app; answers ten one-time recovery codes, shown once',
    },
    disable: {
      method: 'POST',
      path: '/admin/profile/two-factor/disable',
      body: TwoFactorDisableInput,
      responses: { 204: c.noBody() },
      summary: 'Turn two-factor sign-in off, with a current code or the password',
    },
    recoveryCodes: {
      method: 'POST',
      path: '/admin/profile/two-factor/recovery-codes',
      body: TwoFactorDisableInput,
      responses: { 200: RecoveryCodes, ...conflict },
      summary:
        'Replace the recovery codes with ten new ones (shown once; the old ones stop working), with a current code or the password',
    },
    reset: {
      method: 'DELETE',
      path: '/admin/accounts/:id/two-factor',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody() },
      // Resetting another staff member's second factor is a staff change (the roles area).
      metadata: { permission: 'roles:write' },
      summary: "Reset another account's second factor (it sets up a new one at its next sign-in if required)",
    },
  },
  // The signed-in person's own profile: any staff account may use it.
  { metadata: meta.self },
);
