import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { FastifyRequest } from 'fastify';
import type { z, ZodTypeAny } from 'zod';
import {
  API_KEY_NO_KEY_MANAGEMENT,
  API_KEY_NO_PASSWORD_RESET,
  API_KEY_NO_STAFF_CHANGE,
  API_KEY_NO_TWO_FACTOR,
  contract,
  ROLE_USER,
  type AccountCreateInput,
  type AccountUpdateInput,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { changesStaffAccess, MEMBER_ACCESS } from './staff-access-rule.js';

/** A call as its handler will see it: its path parameters and body read with the call's own schemas. */
type Call = { params: unknown; body: unknown };

/**
 * One thing an API key can never do, whatever its scopes: the calls, the 403 message, and for calls a key
 * may otherwise make, `when` the call is refused (read before the handler runs, so nothing changes).
 */
type KeyLimit = { calls: AppRoute[]; message: string; when?: (db: Db, call: Call) => Promise<boolean> };

const routesOf = (router: AppRouter): AppRoute[] =>
  Object.values(router).flatMap((node) => (isAppRoute(node) ? [node] : routesOf(node)));

/** Updating an account would change its staff access (staff-access-right.ts). */
async function changesStaffFlags(db: Db, call: Call): Promise<boolean> {
  const { params, body } = call as { params: { id: number }; body: z.output<typeof AccountUpdateInput> };
  const target = await db
    .selectFrom('accounts')
    .select(['admin', 'active', 'roles', 'chapterIds'])
    .where('id', '=', params.id)
    .executeTakeFirst();
  return !!target && changesStaffAccess(target, body); // no target: the call itself answers 404
}

/** Creating an account would give it staff access: more than a member's (a member's roles always hold ROLE_USER). */
async function createsStaff(_db: Db, call: Call): Promise<boolean> {
  const { admin, roles = [], chapterIds = [] } = call.body as z.output<typeof AccountCreateInput>;
  return changesStaffAccess(MEMBER_ACCESS, { admin, roles: [ROLE_USER, ...roles], chapterIds });
}

/**
 * What an API key can never do (docs/security.md, "What an API key can never do"): the one list the access hook
 * reads. A key acts for a staff member without their password or second factor, so nothing that hands
 * out sign-in (keys, passwords, second factors, staff access) is open to it.
 */
export const API_KEY_LIMITS: readonly KeyLimit[] = [
  { calls: routesOf(contract.apiKeys), message: API_KEY_NO_KEY_MANAGEMENT },
  { calls: routesOf(contract.twoFactor), message: API_KEY_NO_TWO_FACTOR },
  {
    calls: [contract.accounts.resetPassword, contract.accounts.resetMemberPassword],
    message: API_KEY_NO_PASSWORD_RESET,
  },
  // Roles decide what staff may do (issue 35): a key may read them, never change them.
  { calls: [contract.roles.create, contract.roles.update, contract.roles.remove], message: API_KEY_NO_STAFF_CHANGE },
  {
    calls: [contract.accounts.create],
    message: API_KEY_NO_STAFF_CHANGE,
    when: createsStaff,
  },
  { calls: [contract.accounts.update], message: API_KEY_NO_STAFF_CHANGE, when: changesStaffFlags },
];

const limitOf = new Map<AppRoute, KeyLimit>(API_KEY_LIMITS.flatMap((limit) => limit.calls.map((c) => [c, limit])));

/** Whether no API key may ever make this call, whatever its scopes and input. */
export const keyNeverCalls = (route: AppRoute | undefined): boolean =>
  !!route && !!limitOf.get(route) && !limitOf.get(route)!.when;

const contractRouteOf = (request: FastifyRequest) =>
  (request.routeOptions.config as { tsRestRoute?: AppRoute } | undefined)?.tsRestRoute;

/** On an API key's request, before anything is read: 403 for a call no key may make. */
export function refuseKeyCall(request: FastifyRequest): void {
  const route = contractRouteOf(request);
  if (keyNeverCalls(route)) throw new AppError(403, limitOf.get(route!)!.message);
}

const parsed = (schema: unknown, value: unknown): { data: unknown } | undefined => {
  if (!schema || typeof schema !== 'object' || !('safeParse' in schema)) return { data: value };
  const result = (schema as ZodTypeAny).safeParse(value);
  return result.success ? { data: result.data } : undefined;
};

/**
 * On an API key's request, once its body is read: 403 when the call would do what no key may (e.g. make
 * an account staff). Input the call's schemas refuse is left to the call's own 400.
 */
export async function refuseKeyInput(request: FastifyRequest): Promise<void> {
  const route = contractRouteOf(request);
  const limit = route && limitOf.get(route);
  if (!limit?.when) return;
  const params = parsed((route as { pathParams?: unknown }).pathParams, request.params);
  const body = parsed((route as { body?: unknown }).body, request.body);
  if (!params || !body) return;
  if (await limit.when(request.server.db, { params: params.data, body: body.data }))
    throw new AppError(403, limit.message);
}
