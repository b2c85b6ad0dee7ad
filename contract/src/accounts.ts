import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { c } from './c.js';
import { meta } from './common/access.js';
import { listRoute } from './common/area-routes.js';
import { Address, AddressInput } from './common/address.js';
import { conflict } from './common/error.js';
import { IdParam, nullableInt, nullableText } from './common/fields.js';
import { AccountListQuery } from './list-queries/accounts.js';
import {
  DEFAULT_PHONE_COUNTRY,
  firstPassword,
  ROLE_PREFIX,
  ResetPasswordInput,
  accountEmail,
  accountNameFields,
} from './account-fields.js';
import { memberRoutes } from './members.js';
import { chapterIdsField, rolesField } from './roles.js';

export * from './list-queries/accounts.js';

// Staff and member accounts (spec 01 §3, §5). The members and pledges lists are in members.ts.

/** How a role is shown (spec 01 §2): lowercase, without the ROLE_ prefix. `roleLabel('ROLE_ADMIN')` is 'admin'. */
export function roleLabel(role: string): string {
  return (role.startsWith(ROLE_PREFIX) ? role.slice(ROLE_PREFIX.length) : role).toLowerCase();
}

/** A phone number for display: national format for US numbers, international otherwise. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const parsed = parsePhoneNumberFromString(phone, DEFAULT_PHONE_COUNTRY);
  if (!parsed) return phone;
  return parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
}

/** Spec 01 §3 Account (password is never returned). */
export const Account = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  invitationCode: z.string().nullable(),
  admin: z.boolean(),
  active: z.boolean(),
  legacyId: z.number().int().nullable(),
  phone: z.string().nullable().describe('E.164, e.g. +12025550123'),
  address: Address,
  roles: z.array(z.string()).describe('Prefixed ROLE_, e.g. ["ROLE_USER","ROLE_ADMIN"]'),
  chapterIds: z.array(z.number().int()).describe('The chapters its chapter-scoped roles reach'),
  institutionId: z.number().int().nullable().describe('The institution it belongs to'),
  chapterId: z.number().int().nullable().describe('The chapter it belongs to (a member, pledge or advisor)'),
  schoolName: z.string().nullable(),
  pledgedAt: z.string().nullable(),
  memberAt: z.string().nullable(),
  twoFactorOn: z.boolean().describe('Two-factor sign-in is on (staff can reset it)'),
  directoryOptOut: z
    .boolean()
    .describe('FERPA directory opt-out: never named to a third party (public pages, integrators), no postal mail'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof Account>;

/** Blank is no phone; otherwise a valid number (default country US), stored as E.164. */
const phone = z
  .string({ invalid_type_error: 'Invalid phone number' })
  .trim()
  .max(40, 'Invalid phone number')
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!isValidPhoneNumber(v, DEFAULT_PHONE_COUNTRY)) {
      ctx.addIssue({ code: 'custom', message: 'Invalid phone number' });
      return z.NEVER;
    }
    return parsePhoneNumberFromString(v, DEFAULT_PHONE_COUNTRY)!.number;
  });

const accountFields = {
  ...accountNameFields,
  email: accountEmail,
  admin: z.boolean({ invalid_type_error: 'Admin must be true or false' }).default(false),
  active: z.boolean({ invalid_type_error: 'Active must be true or false' }).default(true),
  legacyId: nullableInt('Legacy Id')
    .optional()
    .transform((v) => v ?? null),
  invitationCode: nullableText(50, 'Invitation Code'),
  phone,
  address: AddressInput,
  // Left out: unchanged on update. Changing roles or chapters needs roles:write and only what the caller holds.
  roles: rolesField.optional(),
  chapterIds: chapterIdsField.optional(),
  institutionId: nullableInt('Institution').optional(),
  chapterId: nullableInt('Chapter').optional(),
  // Left out: unchanged on update (issue 36 §5).
  directoryOptOut: z.boolean({ invalid_type_error: 'Directory opt-out must be true or false' }).optional(),
};

/** Account update body; the same schema checks the side panel in the browser (spec 01 §5 texts). */
export const AccountUpdateInput = z.object(accountFields);
export type AccountUpdateInput = z.input<typeof AccountUpdateInput>;

/** Account create body: the update fields plus the first password (spec: password on create only). */
export const AccountCreateInput = z.object({
  ...accountFields,
  password: firstPassword,
});
export type AccountCreateInput = z.input<typeof AccountCreateInput>;

/** Issue 35 §5: "Invite staff" on the accounts list: a new staff account without a password, sent its link. */
export const InviteStaffInput = z.object({
  ...accountNameFields,
  email: accountEmail,
  roles: rolesField.default([]),
  chapterIds: chapterIdsField.default([]),
});
export type InviteStaffInput = z.input<typeof InviteStaffInput>;

/** The answer to an invite: the link is on its way to the account's address. */
export const INVITATION_SENT = 'Invitation sent';
export const InviteSent = z.object({ message: z.string() });

// The members routes come first: their static paths (legacy, legacy/export, pledges) must precede `/:id`.
export const accountsContract = c.router(
  {
    ...memberRoutes,
    list: listRoute(
      '/admin/accounts',
      AccountListQuery,
      Account,
      'List accounts (search by name, email or invitation code; filter by status and date ranges)',
    ),
    inviteStaff: {
      method: 'POST',
      path: '/admin/accounts/invite',
      body: InviteStaffInput,
      responses: { 201: Account, ...conflict },
      summary:
        'Invite staff: a staff account with these roles and chapters (only ones the caller holds), emailed a one-time link to set its password (7 days)',
      // Inviting gives staff access, as a role change does: roles:write, not accounts:write.
      metadata: { permission: 'roles:write' },
    },
    invite: {
      method: 'POST',
      path: '/admin/accounts/:id/invite',
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 202: InviteSent },
      summary:
        "Invite an account: email it a one-time link to set its password (7 days); the account's earlier link stops working",
      metadata: { permission: 'roles:write' },
    },
    get: {
      method: 'GET',
      path: '/admin/accounts/:id',
      pathParams: IdParam,
      responses: { 200: Account },
      summary: 'One account',
    },
    create: {
      method: 'POST',
      path: '/admin/accounts',
      body: AccountCreateInput,
      responses: { 201: Account, ...conflict },
      summary: 'Create an account; staff access comes from its roles (admin alone only lets it sign in to /admin)',
    },
    update: {
      method: 'PUT',
      path: '/admin/accounts/:id',
      pathParams: IdParam,
      body: AccountUpdateInput,
      responses: { 200: Account, ...conflict },
      summary: 'Update an account (the password is changed only by reset-password)',
    },
    resetPassword: {
      method: 'PUT',
      path: '/admin/accounts/:id/reset-password',
      pathParams: IdParam,
      body: ResetPasswordInput,
      responses: { 204: c.noBody() },
      summary: "Set an account's password; ends the account's other sessions",
    },
  },
  { metadata: meta.area('accounts') },
);
