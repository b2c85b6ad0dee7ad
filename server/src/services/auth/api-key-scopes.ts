import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import {
  areaLabel,
  contract,
  permissionOf,
  splitPermission,
  type PermissionArea,
  type PermissionKind,
} from '@app/contract';
import { keyNeverCalls } from './api-key-limits.js';

// The one vocabulary of what a caller may do (issue 35): each admin route's `metadata.permission`, declared in
// the contract (`<area>:read|write|export`, or `self`). Staff hold the union of their roles' (role-table.ts);
// an API key holds its own list, within its maker's.

/** `keyless`: no API key may ever make the call (api-key-limits.ts), whatever its scopes. */
type Call = { area: string; kind: PermissionKind; method: string; path: string; keyless: boolean };

/** Every admin call of the contract that needs a permission (all but `self`), with its area and kind. */
function adminCalls(): Call[] {
  const calls: Call[] = [];
  const walk = (node: AppRouter | AppRoute) => {
    if (!isAppRoute(node)) return Object.values(node).forEach(walk);
    const parts = splitPermission(permissionOf(node) ?? '');
    if (parts) calls.push({ ...parts, method: node.method, path: node.path, keyless: keyNeverCalls(node) });
  };
  walk(contract as unknown as AppRouter);
  return calls;
}

const calls = adminCalls();
const permissionByRoute = new Map(calls.map((c) => [`${c.method} ${c.path}`, `${c.area}:${c.kind}`]));

/**
 * The permission an admin call needs (`<area>:read|write|export`) from its method and Fastify route pattern
 * (`/api/admin/institutions/:id`); undefined for `self` calls and routes outside the contract.
 */
export const scopeOfRoute = (method: string, url: string | undefined): string | undefined =>
  url ? permissionByRoute.get(`${method} ${url}`) : undefined;

/**
 * Every permission by area, each with the calls it covers (`POST /api/admin/...`): with `forKeys`, only
 * those an API key can be given (a permission whose every call no key may make is left out).
 */
export function scopeAreas(forKeys = true): PermissionArea[] {
  const areas = new Map<string, PermissionArea>();
  for (const c of calls.filter((call) => !forKeys || !call.keyless)) {
    const entry = areas.get(c.area) ?? {
      area: c.area,
      label: areaLabel(c.area),
      read: null,
      write: null,
      export: null,
    };
    entry[c.kind] ??= { scope: `${c.area}:${c.kind}`, calls: [] };
    entry[c.kind]!.calls.push(`${c.method} ${c.path}`);
    areas.set(c.area, entry);
  }
  return [...areas.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The permissions that exist (ROLE_ADMIN holds them all). */
export const knownScopes: ReadonlySet<string> = new Set(permissionByRoute.values());

/** The permissions a key can be given: those with at least one call a key may make. */
export const keyScopes: ReadonlySet<string> = new Set(
  calls.filter((c) => !c.keyless).map((c) => `${c.area}:${c.kind}`),
);

/** Of the permissions to give (to a key, a role, an account's roles), those the giver does not hold. */
export const scopesNotHeld = (held: ReadonlySet<string> | null, wanted: Iterable<string>): string[] =>
  [...wanted].filter((scope) => !held?.has(scope));
