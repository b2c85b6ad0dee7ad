import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract, type Access, type ApiKeyScopeArea } from '@app/contract';
import { keyNeverCalls } from './api-key-limits.js';

type Kind = 'read' | 'write';
/** `keyless`: no API key may ever make the call (api-key-limits.ts), whatever its scopes. */
type Call = { area: string; kind: Kind; method: string; path: string; keyless: boolean };

/** Every admin call of the contract with its area (the router key it sits under) and kind (GET reads). */
function adminCalls(): Call[] {
  const calls: Call[] = [];
  for (const [area, routes] of Object.entries(contract as unknown as Record<string, AppRouter>)) {
    const walk = (node: AppRouter | AppRoute) => {
      if (!isAppRoute(node)) return Object.values(node).forEach(walk);
      if ((node.metadata as { access?: Access } | undefined)?.access !== 'admin') return;
      const kind = node.method === 'GET' ? 'read' : 'write';
      calls.push({ area, kind, method: node.method, path: node.path, keyless: keyNeverCalls(node) });
    };
    walk(routes);
  }
  return calls;
}

const calls = adminCalls();
const scopeByRoute = new Map(calls.map((c) => [`${c.method} ${c.path}`, `${c.area}:${c.kind}`]));

/**
 * The scope an admin call needs, `<area>:read` or `<area>:write`, from its method and Fastify route pattern
 * (`/api/admin/institutions/:id`); undefined for a route outside the contract (no key may call it).
 */
export const scopeOfRoute = (method: string, url: string | undefined): string | undefined =>
  url ? scopeByRoute.get(`${method} ${url}`) : undefined;

const ACRONYMS: Record<string, string> = { ai: 'AI', api: 'API' };

/** `invitationEmails` -> 'Invitation emails', `aiChat` -> 'AI chat'. */
const labelOf = (area: string) => {
  const words = area
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim()
    .split(' ')
    .map((w) => ACRONYMS[w] ?? w)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The scopes a key can be given, by area, each with the calls it lets a key make (`POST /api/admin/...`);
 * a scope whose every call no key may make is not offered.
 */
export function scopeAreas(): ApiKeyScopeArea[] {
  const areas = new Map<string, ApiKeyScopeArea>();
  for (const c of calls.filter((call) => !call.keyless)) {
    const entry = areas.get(c.area) ?? { area: c.area, label: labelOf(c.area), read: null, write: null };
    entry[c.kind] ??= { scope: `${c.area}:${c.kind}`, calls: [] };
    entry[c.kind]!.calls.push(`${c.method} ${c.path}`);
    areas.set(c.area, entry);
  }
  return [...areas.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The scopes that exist (the one vocabulary of what a caller may do): a staff session holds them all. */
export const knownScopes: ReadonlySet<string> = new Set(scopeByRoute.values());

/** The scopes a key can be given: those with at least one call a key may make. */
export const keyScopes: ReadonlySet<string> = new Set(
  calls.filter((c) => !c.keyless).map((c) => `${c.area}:${c.kind}`),
);

/** Of the scopes a new key would get, those its maker does not hold (a key or a person gives only its own). */
export const scopesNotHeld = (held: ReadonlySet<string> | null, wanted: readonly string[]): string[] =>
  wanted.filter((scope) => !held?.has(scope));
