import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { conflict } from './common/error.js';
import { IdParam, STORABLE_TEXT, refId } from './common/fields.js';
import { PERMISSION_PATTERN } from './common/permissions.js';

// Staff roles (issue 35 §2): named sets of permissions (common/permissions.ts), managed at /admin/tech/roles.

/** The built-in roles: editable (description; permissions but ROLE_ADMIN's), never deletable. */
export const BUILT_IN_ROLES = [
  'ROLE_ADMIN',
  'ROLE_LOGISTICS',
  'ROLE_MEMBERSHIP',
  'ROLE_CONTENT',
  'ROLE_AUDITOR',
  'ROLE_ADVISOR',
] as const;
export const ROLE_NAME = /^ROLE_[A-Z0-9_]{1,60}$/;

// The answers staff see (403 and 409 messages of the roles and accounts calls).
export const ROLE_IN_USE = 'This role is held by an account and cannot be deleted';
export const ROLE_BUILT_IN = 'A built-in role cannot be deleted';
export const ROLE_ADMIN_FIXED = 'ROLE_ADMIN always holds every permission';
export const PERMISSIONS_NOT_HELD = 'You can only give permissions you hold yourself';
export const ROLES_NOT_HELD = 'You can only give roles whose permissions you hold yourself';
export const CHAPTERS_NOT_HELD = 'You can only give chapters you hold yourself';
export const LAST_ADMIN = 'The last active account holding ROLE_ADMIN must keep it';
export const UNKNOWN_ROLE = 'Unknown role';

export const Role = z.object({
  id: z.number().int(),
  name: z.string().describe('ROLE_ and capitals, e.g. ROLE_ADVISOR'),
  description: z.string(),
  permissions: z.array(z.string()).describe('e.g. ["invitees:read","invitees:export"]'),
  chapterScoped: z.boolean().describe("Its holders see only the rows of their account's chapters (chapterIds)"),
  builtIn: z.boolean(),
  /** How many accounts hold it: a role is deleted only while none does. */
  accounts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof Role>;

export const RoleInput = z.object({
  name: z
    .string({ required_error: 'Name is required', invalid_type_error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(65, 'Name must be 65 characters or less')
    .regex(ROLE_NAME, 'Name must be ROLE_ followed by capital letters, digits or _'),
  description: z
    .string({ invalid_type_error: 'Description must be text' })
    .trim()
    .max(500, 'Description must be 500 characters or less')
    .regex(STORABLE_TEXT, 'Description contains an invalid character')
    .default(''),
  permissions: z
    .array(z.string().regex(PERMISSION_PATTERN, 'Each permission is <area>:read, <area>:write or <area>:export'), {
      invalid_type_error: 'Permissions must be a list',
    })
    .max(500, 'Too many permissions')
    .default([]),
  chapterScoped: z.boolean({ invalid_type_error: 'Chapter scoped must be true or false' }).default(false),
});
export type RoleInput = z.input<typeof RoleInput>;

/** One permission a caller can hold, with the calls it covers (`GET /api/admin/...`). */
export const PermissionCalls = z.object({ scope: z.string(), calls: z.array(z.string()) });

/** One admin area with its read, write and export permissions (null: the area has no such call). */
export const PermissionArea = z.object({
  area: z.string(),
  label: z.string(),
  read: PermissionCalls.nullable(),
  write: PermissionCalls.nullable(),
  export: PermissionCalls.nullable(),
});
export type PermissionArea = z.infer<typeof PermissionArea>;

/** The chapters an account with a chapter-scoped role sees (its Edit panel and the accounts calls). */
export const chapterIdsField = z
  .array(refId('Each chapter must be an id'), { invalid_type_error: 'Chapters must be a list' })
  .max(1000, 'Too many chapters');

/** The roles an account holds (each an existing role's name). */
export const rolesField = z
  .array(z.string().regex(ROLE_NAME, 'Each role is ROLE_ followed by capital letters, digits or _'), {
    invalid_type_error: 'Roles must be a list',
  })
  .max(50, 'Too many roles');

const PATH = '/admin/tech/roles';

export const rolesContract = c.router(
  {
    list: {
      method: 'GET',
      path: PATH,
      responses: { 200: z.object({ items: z.array(Role) }) },
      summary: 'Every role, by name, with the permissions it grants and how many accounts hold it',
    },
    permissions: {
      method: 'GET',
      path: '/admin/tech/permissions',
      responses: { 200: z.object({ items: z.array(PermissionArea) }) },
      summary: 'Every permission, per admin area (read, write, export), with the calls each covers',
    },
    get: {
      method: 'GET',
      path: `${PATH}/:id`,
      pathParams: IdParam,
      responses: { 200: Role },
      summary: 'One role',
    },
    create: {
      method: 'POST',
      path: PATH,
      body: RoleInput,
      responses: { 201: Role, ...conflict },
      summary: 'Create a role (only with permissions the caller holds)',
    },
    update: {
      method: 'PUT',
      path: `${PATH}/:id`,
      pathParams: IdParam,
      body: RoleInput,
      responses: { 200: Role, ...conflict },
      summary: "Update a role; its holders' sessions follow on their next call (a built-in role keeps its name)",
    },
    remove: {
      method: 'DELETE',
      path: `${PATH}/:id`,
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), ...conflict },
      summary: 'Delete a role no account holds (built-in roles cannot be deleted)',
    },
  },
  { metadata: meta.area('roles') },
);
