/**
 * Issue 35 §1, done-when: for every admin operation of the contract (so a new route is covered without a
 * list), an account holding every permission but the operation's gets 403 "You do not have permission to
 * ...", audited as `forbidden`, and an account holding exactly that permission is not refused for want of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenMessage, PERMISSION_SELF } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { contractRoutes, sampleUrl } from '../../test/contract-routes.js';
import { knownScopes } from '../../services/auth/api-key-scopes.js';
import { forgetRoles } from '../../services/auth/role-table.js';

let t: TestApp;
let cookie: string;
let me: number;
const routes = contractRoutes().filter((r) => r.access === 'admin');
const permissions = [...knownScopes].sort();
const roleName = (kind: 'ONLY' | 'BUT', i: number) => `ROLE_T_${kind}_${i}`;

beforeAll(async () => {
  // Every request looks its session up again, so a change of roles is seen by the very next one.
  t = await createTestApp({ SESSION_CACHE_MS: '0' });
  await t.db
    .insertInto('roles')
    .values(
      permissions.flatMap((p, i) => [
        { name: roleName('ONLY', i), permissions: [p] },
        { name: roleName('BUT', i), permissions: permissions.filter((q) => q !== p) },
      ]),
    )
    .execute();
  forgetRoles();
  cookie = await t.signIn({ email: 'permissions@example.test', roles: [] });
  me = (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'permissions@example.test')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const holding = (roles: string[]) => t.db.updateTable('accounts').set({ roles }).where('id', '=', me).execute();

const call = (r: (typeof routes)[number]) =>
  t.request({
    method: r.route.method as 'GET',
    url: sampleUrl(r.route.path),
    cookie,
    ...(r.route.method === 'GET' ? {} : { payload: {} }),
  });

describe('every admin operation checks its permission before its handler', () => {
  it('covers every admin route, each with a permission', () => {
    expect(routes.length).toBeGreaterThan(150);
    for (const r of routes) expect((r.route.metadata as { permission?: string }).permission, r.id).toBeTruthy();
  });

  it(
    'refuses without the permission (403 in words, audited) and lets exactly that permission through',
    { timeout: 120_000 },
    async () => {
      const wrong: string[] = [];
      for (const r of routes) {
        const permission = (r.route.metadata as { permission: string }).permission;
        if (permission === PERMISSION_SELF) {
          await holding([]);
          const res = await call(r);
          if (res.statusCode === 403) wrong.push(`${r.id}: self refused ${res.body}`);
          continue;
        }
        const i = permissions.indexOf(permission);
        await holding([roleName('BUT', i)]);
        const refused = await call(r);
        if (refused.statusCode !== 403 || refused.json().message !== forbiddenMessage(permission))
          wrong.push(`${r.id}: without ${permission} answered ${refused.statusCode} ${refused.body.slice(0, 120)}`);
        await holding([roleName('ONLY', i)]);
        const allowed = await call(r);
        if (allowed.statusCode === 403 && String(allowed.json().message).startsWith('You do not have permission'))
          wrong.push(`${r.id}: with exactly ${permission} answered ${allowed.body.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      const audited = await t.db
        .selectFrom('auditLog')
        .select(['action', 'detail'])
        .where('action', '=', 'forbidden')
        .where('accountId', '=', me)
        .execute();
      expect(audited.length).toBeGreaterThanOrEqual(routes.length - 10);
      expect(audited.map((a) => (a.detail as { operation: string }).operation)).toContain(
        'GET /api/admin/accounts/legacy/export',
      );
    },
  );
});
