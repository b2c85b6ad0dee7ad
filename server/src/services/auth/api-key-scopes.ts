import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { contract, type Access, type ApiKeyScopeArea } from '@app/contract';

type Kind = 'read' | 'write';
type Call = { area: string; kind: Kind; method: string; path: string };

/** Every admin call of the contract with its area (the router key it sits under) and kind (GET reads). */
function adminCalls(): Call[] {
  const calls: Call[] = [];
  for (const [area, routes] of Object.entries(contract as unknown as Record<string, AppRouter>)) {
    const walk = (node: AppRouter | AppRoute) => {
      if (!isAppRoute(node)) return Object.values(node).forEach(walk);
      if ((node.metadata as { access?: Access } | undefined)?.access !== 'admin') return;
      calls.push({ area, kind: node.method === 'GET' ? 'read' : 'write', method: node.method, path: node.path });
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

/** The scopes a key can be given, by area, each with the calls it covers (`POST /api/admin/...`). */
export function scopeAreas(): ApiKeyScopeArea[] {
  const areas = new Map<string, ApiKeyScopeArea>();
  for (const c of calls) {
    const entry = areas.get(c.area) ?? { area: c.area, label: labelOf(c.area), read: null, write: null };
    entry[c.kind] ??= { scope: `${c.area}:${c.kind}`, calls: [] };
    entry[c.kind]!.calls.push(`${c.method} ${c.path}`);
    areas.set(c.area, entry);
  }
  return [...areas.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The scopes that exist: a key's scopes are checked against these when it is made. */
export const knownScopes = new Set(scopeByRoute.values());
