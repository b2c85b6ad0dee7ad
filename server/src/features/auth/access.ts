import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRoute } from '@ts-rest/core';
import {
  API_KEY_INVALID,
  API_KEY_OWNER_TWO_FACTOR,
  PERMISSION_SELF,
  PUBLIC_INVITATION_PATH_PREFIX,
  TWO_FACTOR_SETUP_PATH_PREFIX,
  forbiddenMessage,
  permissionOf,
  splitPermission,
  type Access,
} from '@app/contract';
import { auditActors } from '../../db/audit-context.js';
import { withholdOptedOut } from '../../db/directory-opt-out.js';
import { AppError } from '../../errors.js';
import { findSessionAccount, sessionCookieName } from '../../services/auth/sessions.js';
import { mustSetUpTwoFactor } from '../../services/auth/sign-in.js';
import { sessionCache } from '../../services/auth/session-cache.js';
import { bearerToken, findApiKey } from '../../services/auth/api-keys.js';
import { refuseKeyCall, refuseKeyInput } from '../../services/auth/api-key-limits.js';
import { knownScopes } from '../../services/auth/api-key-scopes.js';
import { everyChapterPermissionsOf, freshRoles, permissionsOf } from '../../services/auth/role-table.js';
import { narrowScope, runInScope, type ChapterScope } from '../../services/auth/chapter-scope.js';
import { refuse } from '../../services/auth/refusal.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Access of a route outside the contract; without it such a route under /api is admin-only. */
    access?: Access;
    /** A page outside /api that reads the session as the API does (the server-rendered member home). */
    readsSession?: boolean;
  }
  interface FastifyRequest {
    /** The API key a request came with (`Authorization: Bearer`); `account` is then the staff member it acts for. */
    apiKeyId: number | null;
    /**
     * The permissions (`<area>:read|write|export`, api-key-scopes.ts) the caller holds: a staff session's, the
     * union of its roles' (role-table.ts); an API key's, its own within its maker's; null for anyone else.
     * Nobody gives a role, an account or a key a permission they do not hold.
     */
    scopes: ReadonlySet<string> | null;
    /** The chapters the call reaches (chapter-scope.ts): null for every chapter. */
    chapterScope: ChapterScope;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The /api paths outside the contract that anyone may read: the OpenAPI document and its reference UI.
 * Paths outside /api are the client's shell and static files, public too.
 */
const PUBLIC_OUTSIDE_CONTRACT = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

/**
 * What a request needs, failing closed: the contract route's declared access, else a route's own
 * `config.access`, else (any other /api path, known or not, so before any 404) admin.
 */
export function routeAccess(request: Pick<FastifyRequest, 'routeOptions' | 'url'>): Access {
  const config = (request.routeOptions.config ?? {}) as { tsRestRoute?: AppRoute; access?: Access };
  const declared = (config.tsRestRoute?.metadata as { access?: Access } | undefined)?.access ?? config.access;
  if (declared) return declared;
  if (!isApiPath(request.url)) return 'public';
  const path = request.url.split('?')[0]!;
  return PUBLIC_OUTSIDE_CONTRACT.some((re) => re.test(path)) ? 'public' : 'admin';
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Throws 401/403 unless the request's account may use a route with this access. */
export function checkAccess(access: Access, account: FastifyRequest['account']): void {
  if (access === 'public') return;
  if (!account) throw new AppError(401, 'You must be signed in');
  if (access === 'admin' && !account.admin) throw new AppError(403, 'Only staff can do this');
}

const contractRouteOf = (request: FastifyRequest) =>
  (request.routeOptions.config as { tsRestRoute?: AppRoute } | undefined)?.tsRestRoute;

/** Whether the caller holds every permission there is (ROLE_ADMIN). */
const holdsAll = (scopes: ReadonlySet<string> | null) => !!scopes && [...knownScopes].every((p) => scopes.has(p));

/**
 * Refuses (403, in words, and an audit row `forbidden` naming the operation) an admin call whose permission
 * the caller does not hold: the contract route's `metadata.permission`; `self` for any staff account. An
 * admin route outside the contract declares none: only a caller holding every permission may call it
 * (fail-closed). A 404 to be is left alone.
 */
async function checkPermission(
  request: FastifyRequest,
  keyMessage?: (permission: string) => string,
  keyChapters: number[] = [],
): Promise<void> {
  if (request.routeOptions.url === undefined) return;
  const route = contractRouteOf(request);
  const permission = route ? permissionOf(route) : undefined;
  if (permission === PERMISSION_SELF) return;
  if (permission && request.scopes?.has(permission)) return setChapterScope(request, permission, keyChapters);
  if (!route && holdsAll(request.scopes)) return setChapterScope(request, undefined, keyChapters);
  await refuse(request, keyMessage && permission ? keyMessage(permission) : forbiddenMessage(permission ?? ''), {
    entity: (permission && splitPermission(permission)?.area) ?? 'api',
    permission: permission ?? null,
  });
}

/**
 * The call's chapter scope, from what the session or key already carries (no query): every chapter when an
 * unscoped role gives the permission (any outside the contract: only holding every permission over every
 * chapter), else the account's chapters, narrowed to a key's own chapters.
 */
function setChapterScope(request: FastifyRequest, permission: string | undefined, keyChapters: number[]): void {
  const account = request.account!;
  const everyChapter = everyChapterPermissionsOf(account.roles);
  const reachesAll = permission === undefined ? holdsAll(everyChapter) : everyChapter.has(permission);
  request.chapterScope = narrowScope(reachesAll ? null : account.chapterIds, keyChapters);
}

export const TWO_FACTOR_FIRST = 'Set up two-factor sign-in on your profile first';

/** With REQUIRE_STAFF_2FA, a staff member without a second factor may only set one up among the staff calls. */
function checkTwoFactorSetUp(request: FastifyRequest, access: Access, required: boolean): void {
  if (access !== 'admin' || !request.account || !mustSetUpTwoFactor(required, request.account)) return;
  if (!request.url.startsWith(TWO_FACTOR_SETUP_PATH_PREFIX)) throw new AppError(403, TWO_FACTOR_FIRST);
}

/**
 * An `Authorization: Bearer <key>` request: the key must be live (else 401, one answer for every way of
 * being wrong), its owner must not still owe a second factor (REQUIRE_STAFF_2FA), the route an admin one
 * that keys may call at all (api-key-limits.ts), and the key's scopes must hold the route's (else 403).
 * A route nobody declared (a 404 to be) is left to answer 404.
 */
async function authenticateApiKey(request: FastifyRequest, token: string): Promise<void> {
  const key = await findApiKey(request.server.db, token);
  if (!key) throw new AppError(401, API_KEY_INVALID);
  if (mustSetUpTwoFactor(request.server.config.REQUIRE_STAFF_2FA, key.account))
    throw new AppError(403, API_KEY_OWNER_TWO_FACTOR);
  if (request.routeOptions.url === undefined) return;
  if (routeAccess(request) !== 'admin') throw new AppError(403, 'API keys can only call the admin API (/api/admin)');
  refuseKeyCall(request);
  request.account = key.account;
  request.apiKeyId = key.id;
  // A key holds its own scopes only while its maker holds them too.
  await freshRoles(request.server.db);
  const owner = permissionsOf(key.account.roles);
  request.scopes = new Set(key.scopes.filter((scope) => owner.has(scope)));
  const lacks = (scope: string) =>
    key.scopes.includes(scope)
      ? forbiddenMessage(scope)
      : `This API key may not make this call (it needs the ${scope} scope)`;
  await checkPermission(request, lacks, key.chapterIds);
}

/**
 * The one place access is enforced: each contract route declares `metadata.access`, and this hook
 * resolves the session and checks it before any handler (or the not-found handler) runs. It also
 * refuses a state-changing request whose Origin names another site.
 */
export function registerAccess(app: FastifyInstance): void {
  const cookie = sessionCookieName(app.config.COOKIE_SECURE);
  const times = { idleMinutes: app.config.SESSION_IDLE_MINUTES, cacheMs: app.config.SESSION_CACHE_MS };
  // Whatever a state-changing request did (deactivate an account, reset a password, sign out) is
  // seen by this instance's next request: remembered sessions are forgotten after each one.
  app.addHook('onResponse', async (request) => {
    if (UNSAFE.has(request.method)) sessionCache.clear();
  });
  app.decorateRequest('account', null);
  app.decorateRequest('apiKeyId', null);
  app.decorateRequest('scopes', null);
  app.decorateRequest('chapterScope', null);
  app.addHook('onRequest', async (request) => {
    // The signed public invitation calls (unsubscribe, RFC 8058 one-click) are cookie-less and meant for any origin.
    if (
      UNSAFE.has(request.method) &&
      request.headers.origin &&
      !request.url.startsWith(PUBLIC_INVITATION_PATH_PREFIX)
    ) {
      let sameSite = false;
      try {
        sameSite = new URL(request.headers.origin).host === new URL(`http://${request.headers.host}`).host;
      } catch {
        sameSite = false;
      }
      if (!sameSite) throw new AppError(403, 'Cross-site request refused');
    }
    const bearer =
      isApiPath(request.url) && routeAccess(request) !== 'public'
        ? bearerToken(request.headers.authorization)
        : undefined;
    if (bearer !== undefined) return authenticateApiKey(request, bearer);
    // The client's shell and static files need no session: no lookup for them.
    const readsSession = isApiPath(request.url) || request.routeOptions.config?.readsSession === true;
    const token = readsSession ? request.cookies[cookie] : undefined;
    request.account = token ? await findSessionAccount(app.db, token, times) : null;
    if (request.account?.admin) await freshRoles(app.db);
    request.scopes = request.account?.admin ? permissionsOf(request.account.roles) : null;
    const access = routeAccess(request);
    checkAccess(access, request.account);
    checkTwoFactorSetUp(request, access, app.config.REQUIRE_STAFF_2FA);
    if (access === 'admin') await checkPermission(request);
  });
  // What no key may do with this input (make an account staff, say) is refused before the handler runs.
  app.addHook('preHandler', async (request) => {
    if (request.apiKeyId) await refuseKeyInput(request);
  });
  // An API key's answers are meant for a third party: opted-out people are not named in them (issue 36 §5).
  app.addHook('preSerialization', async (request, _reply, payload) =>
    request.apiKeyId ? withholdOptedOut(payload) : payload,
  );
  // The rest of the request (handlers, repos) reads its chapter scope from services/auth/chapter-scope.ts.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.chapterScope) return done();
    runInScope(request.chapterScope, done);
  });
  // What a staff member's request writes is audited as theirs, and an API key's as the key's
  // (db/audit-context.ts): the rest of the request runs inside the actor's context.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.account?.admin) return done();
    const actor = request.apiKeyId
      ? { accountId: null, apiKeyId: request.apiKeyId }
      : { accountId: request.account.id, apiKeyId: null };
    auditActors.run({ ...actor, address: request.ip }, done);
  });
}
