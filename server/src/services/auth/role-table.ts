import type { Db } from '../../db/database.js';
import { knownScopes } from './api-key-scopes.js';

/**
 * The roles table held in memory (issue 35 §4), so that a request's permissions cost no query: an account's
 * role names come with its session (sessions.ts), their permissions from here. Reloaded at most every
 * ROLES_CACHE_MS on each instance (one query for all roles), and at once on the instance that changes a role:
 * a change reaches every session of every instance within that time.
 */
export const ROLES_CACHE_MS = 2000;

/**
 * Whether a chapter-scoped role's permissions count: on since the row-level chapter filter (issue 35 §3,
 * services/auth/chapter-scope.ts) is in every area, so they reach the account's chapters only.
 */
export const CHAPTER_SCOPE_ENFORCED: boolean = true;

export type RoleEntry = { id: number; permissions: ReadonlySet<string>; chapterScoped: boolean };

let roles = new Map<string, RoleEntry>();
let loadedAt = -Infinity;
let loading: Promise<void> | null = null;
const unions = new Map<string, Held>();

/** What a set of roles allows: every permission, and those an unscoped role gives (they reach every chapter). */
type Held = { all: ReadonlySet<string>; everyChapter: ReadonlySet<string> };

/** A stored permission list with its wildcards (`*`, `*:read`) spelled out against the contract's permissions. */
export function expandPermissions(stored: readonly string[]): Set<string> {
  const all = [...knownScopes];
  const out = new Set<string>();
  for (const p of stored) {
    if (p === '*') all.forEach((k) => out.add(k));
    else if (p.startsWith('*:')) all.filter((k) => k.endsWith(p.slice(1))).forEach((k) => out.add(k));
    else if (knownScopes.has(p)) out.add(p);
  }
  return out;
}

async function load(db: Db): Promise<void> {
  const rows = await db.selectFrom('roles').select(['id', 'name', 'permissions', 'chapterScoped']).execute();
  roles = new Map(
    rows.map((r) => [
      r.name,
      { id: r.id, permissions: expandPermissions(r.permissions), chapterScoped: r.chapterScoped },
    ]),
  );
  unions.clear();
}

/** Makes sure the roles in memory are at most ROLES_CACHE_MS old (no query when they are). */
export async function freshRoles(db: Db, now = Date.now()): Promise<void> {
  if (now - loadedAt < ROLES_CACHE_MS) return;
  loading ??= load(db)
    .then(() => {
      loadedAt = now;
    })
    .finally(() => {
      loading = null;
    });
  await loading;
}

/** After a role changes on this instance: the next request reloads them. */
export function forgetRoles(): void {
  loadedAt = -Infinity;
}

/** A role by name, as last loaded (freshRoles first). */
export const roleNamed = (name: string): RoleEntry | undefined => roles.get(name);

function held(names: readonly string[]): Held {
  const key = names.join(',');
  let union = unions.get(key);
  if (!union) {
    const all = new Set<string>();
    const everyChapter = new Set<string>();
    for (const name of names) {
      const role = roles.get(name);
      if (!role || (role.chapterScoped && !CHAPTER_SCOPE_ENFORCED)) continue;
      role.permissions.forEach((p) => {
        all.add(p);
        if (!role.chapterScoped) everyChapter.add(p);
      });
    }
    union = { all, everyChapter };
    if (unions.size > 1000) unions.clear();
    unions.set(key, union);
  }
  return union;
}

/** What holding these roles allows: the union of their permissions (remembered per set of names until a reload). */
export const permissionsOf = (names: readonly string[]): ReadonlySet<string> => held(names).all;

/**
 * The permissions these roles give over every chapter: those of their unscoped roles. A permission held only
 * through a chapter-scoped role (ROLE_ADVISOR) reaches the account's chapters only (chapter-scope.ts).
 */
export const everyChapterPermissionsOf = (names: readonly string[]): ReadonlySet<string> => held(names).everyChapter;
