import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { IdParam, requiredText } from './common/fields.js';
import { exportRoute, listRoute } from './common/area-routes.js';
import { ApiKeyListQuery } from './list-queries/api-keys.js';
import { PERMISSION_PATTERN } from './common/permissions.js';
import { PermissionArea, chapterIdsField } from './roles.js';

export * from './list-queries/api-keys.js';

/**
 * What a key may call (issue 23 §7, issue 35): the permissions staff hold (common/permissions.ts), one per admin
 * area of the contract and kind of call, `<area>:read` (its GET calls), `<area>:write` (its POST, PUT, PATCH
 * and DELETE calls) or `<area>:export` (its CSV/XLSX exports), e.g. `invitees:write` for recording an
 * invitee's pledge. The server lists the current ones (GET /api/admin/tech/api-keys/scopes), so a new admin
 * route is covered by its area's scope without a change here.
 */
export const API_KEY_SCOPE = PERMISSION_PATTERN;
export const API_KEY_SAVED = 'API key created. Copy the key now: it is not shown again.';
export const API_KEY_REVOKED = 'API key revoked.';
/** The one answer to a key that is unknown, malformed, revoked or whose owner can no longer act. */
export const API_KEY_INVALID = 'The API key is not valid';

// What an API key can never do, whatever its scopes (issue 34): the 403 messages.
export const API_KEY_NO_KEY_MANAGEMENT = 'An API key cannot manage API keys: sign in to do this';
export const API_KEY_NO_TWO_FACTOR = 'An API key cannot make two-factor sign-in calls: sign in to do this';
export const API_KEY_NO_PASSWORD_RESET = 'An API key cannot set passwords: sign in to do this';
export const API_KEY_NO_STAFF_CHANGE =
  'An API key cannot make an account staff, change whether a staff account is staff or active, or change roles: sign in to do this';
/** A key whose owner must still set up two-factor sign-in (REQUIRE_STAFF_2FA) is refused like the owner's session. */
export const API_KEY_OWNER_TWO_FACTOR = "This API key's owner must set up two-factor sign-in first";
/** A key can only be given scopes its maker holds. */
export const API_KEY_SCOPES_NOT_HELD = 'You can only give a key scopes you hold yourself';

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's visible start (`hsk_` and its lookup id), enough to recognise it; the secret part is never stored. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  /** Empty: every chapter its scopes reach; else only these chapters' rows (issue 35 §7). */
  chapterIds: z.array(z.number().int()),
  createdAt: z.string(),
  /** The staff member who made it: the key acts for them (it stops working when they can no longer). */
  createdBy: z.string().nullable(),
  /** The last call made with it, to the minute. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** A new key: the whole key, shown this once. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyInput = z.object({
  name: requiredText('Name is required', 100, 'Name must be 100 characters or less'),
  scopes: z
    .array(z.string().regex(API_KEY_SCOPE, 'Each scope is <area>:read, <area>:write or <area>:export'), {
      required_error: 'Choose at least one call it may make',
      invalid_type_error: 'Scopes must be a list',
    })
    .min(1, 'Choose at least one call it may make')
    .max(200, 'Too many scopes'),
  /** Only these chapters' rows (none: no chapter limit); only chapters its maker holds. */
  chapterIds: chapterIdsField.default([]),
});
export type ApiKeyInput = z.input<typeof ApiKeyInput>;

/** One admin area a key can be allowed: its read, write and export scopes and what each covers. */
export const ApiKeyScopeArea = PermissionArea;
export type ApiKeyScopeArea = PermissionArea;

const PATH = '/admin/tech/api-keys';

export const apiKeysContract = c.router(
  {
    list: listRoute(
      PATH,
      ApiKeyListQuery,
      ApiKey,
      'List API keys (search by name or prefix; filter active or revoked)',
    ),
    export: exportRoute(`${PATH}/export`, ApiKeyListQuery, 'Export the filtered API keys as CSV (never their secrets)'),
    scopes: {
      method: 'GET',
      path: `${PATH}/scopes`,
      responses: { 200: z.object({ items: z.array(ApiKeyScopeArea) }) },
      summary:
        'The scopes a key can be given: per admin area, read (GET), write (POST, PUT, PATCH, DELETE) and export (CSV/XLSX), with the calls each covers',
    },
    get: {
      method: 'GET',
      path: `${PATH}/:id`,
      pathParams: IdParam,
      responses: { 200: ApiKey },
      summary: 'One API key (never its secret)',
    },
    create: {
      method: 'POST',
      path: PATH,
      body: ApiKeyInput,
      responses: { 201: CreatedApiKey },
      summary: 'Create an API key: the answer holds the whole key, shown this once (only its SHA-256 hash is stored)',
    },
    revoke: {
      method: 'POST',
      path: `${PATH}/:id/revoke`,
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 200: ApiKey },
      summary: 'Revoke an API key: every later call with it answers 401 (revoking it again changes nothing)',
    },
  },
  { metadata: meta.area('apiKeys') },
);
