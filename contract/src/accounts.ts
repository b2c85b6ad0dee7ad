import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { c } from './c.js';
import { meta } from './common/access.js';
import { Address, AddressInput } from './common/address.js';
import { ErrorBody } from './common/error.js';
import { IdParam, nullableInt, nullableText, requiredText } from './common/fields.js';
import { CsvBody, exportQuery, listQuery, paged, queryDate } from './common/list.js';

export const ROLE_PREFIX = 'ROLE_';
export const ROLE_ADMIN = 'ROLE_ADMIN';
export const ROLE_USER = 'ROLE_USER';
export const PASSWORD_MIN = 8;
export const DEFAULT_PHONE_COUNTRY = 'US';
export const ACCOUNT_STATUSES = ['member', 'pledge'] as const;

export const DUPLICATE_EMAIL = 'An account with this email already exists';
export const DUPLICATE_INVITATION_CODE = 'An account with this invitation code already exists';

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
  schoolName: z.string().nullable(),
  pledgedAt: z.string().nullable(),
  memberAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof Account>;

const email = requiredText('Email is required', 254, 'Email must be 254 characters or less').email('Invalid email');

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
  firstName: requiredText('First Name is required', 100, 'First Name must be 100 characters or less'),
  lastName: requiredText('Last Name is required', 100, 'Last Name must be 100 characters or less'),
  email,
  admin: z.boolean({ invalid_type_error: 'Admin must be true or false' }).default(false),
  active: z.boolean({ invalid_type_error: 'Active must be true or false' }).default(true),
  legacyId: nullableInt('Legacy Id').optional().transform((v) => v ?? null),
  invitationCode: nullableText(50, 'Invitation Code'),
  phone,
  address: AddressInput,
};

/** Account update body; the same schema checks the side panel in the browser (spec 01 §5 texts). */
export const AccountUpdateInput = z.object(accountFields);
export type AccountUpdateInput = z.input<typeof AccountUpdateInput>;

/** Account create body: the update fields plus the first password (spec: password on create only). */
export const AccountCreateInput = z.object({
  ...accountFields,
  password: z
    .string({ required_error: 'Password is required', invalid_type_error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password should be at least ${PASSWORD_MIN} chars`)
    .max(1024, 'Password must be 1024 characters or less'),
});
export type AccountCreateInput = z.input<typeof AccountCreateInput>;

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

/** Spec 01 §3 Member/pledge row: lowercase keys, as the spec writes them. */
export const MemberRow = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  email: z.string(),
  invitationcode: z.string().nullable(),
  schoolname: z.string().nullable(),
  memberat: z.string().nullable(),
  pledgedat: z.string().nullable(),
});
export type MemberRow = z.infer<typeof MemberRow>;

/** Member edit body (spec 01 §5: first name, last name and email are required). */
export const MemberInput = z.object({
  firstname: accountFields.firstName,
  lastname: accountFields.lastName,
  email,
});
export type MemberInput = z.input<typeof MemberInput>;

const dateFilters = {
  pledgeFrom: queryDate.describe('First pledge day, YYYY-MM-DD (UTC), inclusive'),
  pledgeTo: queryDate.describe('Last pledge day, YYYY-MM-DD (UTC), inclusive'),
  memberFrom: queryDate.describe('First membership day, YYYY-MM-DD (UTC), inclusive'),
  memberTo: queryDate.describe('Last membership day, YYYY-MM-DD (UTC), inclusive'),
};

const status = z
  .enum(ACCOUNT_STATUSES, { errorMap: () => ({ message: 'Status must be member or pledge' }) })
  .optional()
  .describe('member: has completed membership; pledge: pledged and has not completed membership');

/** Spec 01 §3 Account list filters; search looks in names, email and invitation code. */
export const AccountListQuery = listQuery({
  sortable: ['name', 'email', 'memberAt', 'pledgedAt', 'id'] as const,
  defaultSort: 'name:asc',
  filters: { status, ...dateFilters },
});
export type AccountListQuery = z.input<typeof AccountListQuery>;

// Each sort field has an index behind it (migration 0006), so any page answers quickly at scale.
const memberSortable = ['name', 'email', 'memberat', 'pledgedat', 'id'] as const;

/** The members list ("legacy accounts"): the accounts list query; status defaults to member. */
export const MemberListQuery = listQuery({
  sortable: memberSortable,
  defaultSort: 'memberat:desc',
  filters: { status, ...dateFilters },
});
export type MemberListQuery = z.input<typeof MemberListQuery>;

/** The pledges list: pledged accounts that have not completed membership. */
export const PledgeListQuery = listQuery({
  sortable: memberSortable,
  defaultSort: 'pledgedat:desc',
  filters: { pledgeFrom: dateFilters.pledgeFrom, pledgeTo: dateFilters.pledgeTo },
});
export type PledgeListQuery = z.input<typeof PledgeListQuery>;

const conflict = { 409: ErrorBody };

// Static paths (legacy, legacy/export, pledges) come before `/:id` so no matcher mistakes them for an id.
export const accountsContract = c.router(
  {
    members: {
      method: 'GET',
      path: '/admin/accounts/legacy',
      query: MemberListQuery,
      responses: { 200: paged(MemberRow) },
      summary: 'List members (accounts with a membership date); status=pledge lists pledges instead',
    },
    exportMembers: {
      method: 'GET',
      path: '/admin/accounts/legacy/export',
      query: exportQuery(MemberListQuery),
      responses: { 200: c.otherResponse({ contentType: 'text/csv', body: CsvBody }) },
      summary: 'Export the filtered members as CSV',
    },
    pledges: {
      method: 'GET',
      path: '/admin/accounts/pledges',
      query: PledgeListQuery,
      responses: { 200: paged(MemberRow) },
      summary: 'List pledges (pledged accounts without a membership date), read-only',
    },
    getMember: {
      method: 'GET',
      path: '/admin/accounts/legacy/:id',
      pathParams: IdParam,
      responses: { 200: MemberRow },
      summary: 'One member or pledge',
    },
    updateMember: {
      method: 'PUT',
      path: '/admin/accounts/legacy/:id',
      pathParams: IdParam,
      body: MemberInput,
      responses: { 200: MemberRow, ...conflict },
      summary: "Update a member's name and email",
    },
    resetMemberPassword: {
      method: 'PUT',
      path: '/admin/accounts/legacy/:id/reset-password',
      pathParams: IdParam,
      body: ResetPasswordInput,
      responses: { 204: c.noBody() },
      summary: "Set a member's password; ends the member's sessions",
    },
    list: {
      method: 'GET',
      path: '/admin/accounts',
      query: AccountListQuery,
      responses: { 200: paged(Account) },
      summary: 'List accounts (search by name, email or invitation code; filter by status and date ranges)',
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
      summary: 'Create an account (admin adds ROLE_ADMIN)',
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
  { metadata: meta.admin },
);
