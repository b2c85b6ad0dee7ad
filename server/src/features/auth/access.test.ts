import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { contractRoutes, sampleUrl } from '../../test/contract-routes.js';
import { createSession } from '../../services/auth/sessions.js';

// Every route of the contract, walked afresh, so routes other areas add later are covered too.
const routes = contractRoutes().map((r) => ({
  ...r,
  name: `${r.route.method} ${r.route.path} (${r.id})`,
  url: sampleUrl(r.route.path),
}));
const withAccess = (...access: Access[]) => routes.filter((r) => r.access && access.includes(r.access));

let t: TestApp;
const ids = { admin: 0, member: 0 };

beforeAll(async () => {
  t = await createTestApp();
  // Keeps id 1 (every sample path's id) away from the accounts below, so a DELETE .../1 spares them.
  await t.db
    .insertInto('accounts')
    .values({ firstName: 'Place', lastName: 'Holder', email: 'placeholder@example.test', address: '{}' })
    .execute();
  await t.signIn({ admin: true, email: 'access-admin@example.test' });
  await t.signIn({ admin: false, email: 'access-member@example.test' });
  for (const kind of ['admin', 'member'] as const) {
    const row = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', `access-${kind}@example.test`)
      .executeTakeFirstOrThrow();
    ids[kind] = row.id;
  }
});
afterAll(() => t.close());

/** A session of its own for each request: a route that ends sessions cannot spoil the next check. */
async function cookieOf(kind: 'admin' | 'member'): Promise<string> {
  const { token } = await createSession(t.db, ids[kind], 1, {});
  return `sid=${token}`;
}

const call = (r: (typeof routes)[number], cookie?: string) => t.request({ method: r.route.method, url: r.url, cookie });

function expectErrorJson(res: Awaited<ReturnType<typeof call>>, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ message: expect.any(String) });
}

describe('the contract declares access', () => {
  it('on every route', () => {
    const missing = routes.filter((r) => !r.access).map((r) => r.name);
    expect(missing).toEqual([]);
  });

  it('admin on /api/admin/* and /api/shared/file', () => {
    const wrong = routes
      .filter((r) => r.route.path.startsWith('/api/admin/') || r.route.path === '/api/shared/file')
      .filter((r) => r.access !== 'admin')
      .map((r) => `${r.name}: ${r.access}`);
    expect(wrong).toEqual([]);
  });

  it('member on /api/member/* and /api/learn/*', () => {
    const wrong = routes
      .filter((r) => r.route.path.startsWith('/api/member/') || r.route.path.startsWith('/api/learn/'))
      .filter((r) => r.access !== 'member')
      .map((r) => `${r.name}: ${r.access}`);
    expect(wrong).toEqual([]);
  });
});

// Plain loops, not describe.each: its titles cut a long path short.
for (const r of withAccess('admin'))
  describe(`admin route ${r.name}`, () => {
    it('answers 401 without a session', async () => expectErrorJson(await call(r), 401));
    it('answers 403 to a signed-in non-admin', async () =>
      expectErrorJson(await call(r, await cookieOf('member')), 403));
    it('lets an admin through', async () =>
      expect([401, 403]).not.toContain((await call(r, await cookieOf('admin'))).statusCode));
  });

for (const r of withAccess('member', 'signedIn'))
  describe(`${r.access} route ${r.name}`, () => {
    it('answers 401 without a session', async () => expectErrorJson(await call(r), 401));
    it('lets a signed-in non-admin through', async () =>
      expect([401, 403]).not.toContain((await call(r, await cookieOf('member'))).statusCode));
  });

for (const r of withAccess('public'))
  describe(`public route ${r.name}`, () => {
    it('never answers 401', async () => {
      expect((await call(r)).statusCode).not.toBe(401);
      expect((await call(r, await cookieOf('member'))).statusCode).not.toBe(401);
    });
  });
