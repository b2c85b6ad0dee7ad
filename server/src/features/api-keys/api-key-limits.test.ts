import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_INVALID,
  API_KEY_NO_KEY_MANAGEMENT,
  API_KEY_NO_PASSWORD_RESET,
  API_KEY_NO_STAFF_CHANGE,
  API_KEY_NO_TWO_FACTOR,
  API_KEY_OWNER_TWO_FACTOR,
} from '@app/contract';
import { createSignedInApp, createTestApp, type TestApp } from '../../test/helper.js';
import { staffWithTwoFactor } from '../../test/two-factor-fixtures.js';
import { contractRoutes, sampleUrl } from '../../test/contract-routes.js';
import { keyScopes, knownScopes, scopesNotHeld } from '../../services/auth/api-key-scopes.js';
import { secondFactorOn } from '../../services/auth/two-factor.js';
import { insertApiKey } from '../../test/api-key-fixtures.js';

// Issue 34, finding 1: each request the review made, now refused with nothing changed.

let t: TestApp;
let cookie: string;
let adminId: number;
beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp());
  adminId = (await accountId(t, 'admin1@example.test'))!;
});
afterAll(() => t.close());

const accountId = async (app: TestApp, email: string) =>
  (await app.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst())?.id;

/** The review's keys were made before a person could no longer give such scopes: made straight in the table. */
const keyFor = async (app: TestApp, createdBy: number, scopes: string[]) => ({
  authorization: `Bearer ${await insertApiKey(app.db, createdBy, scopes)}`,
});

const countKeys = async () =>
  Number(
    (
      await t.db
        .selectFrom('apiKeys')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const passwordHashOf = async (id: number) =>
  (await t.db.selectFrom('accounts').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow())
    .passwordHash;
const flagsOf = async (id: number) =>
  t.db.selectFrom('accounts').select(['admin', 'active', 'lastName']).where('id', '=', id).executeTakeFirstOrThrow();

describe('what an API key can never do', () => {
  it('a key holding only apiKeys:write cannot make a key, let alone one with every scope (the review: 201)', async () => {
    const headers = await keyFor(t, adminId, ['apiKeys:write']);
    const before = await countKeys();
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/tech/api-keys',
      payload: { name: 'Everything', scopes: [...knownScopes] },
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: API_KEY_NO_KEY_MANAGEMENT });
    expect(await countKeys()).toBe(before);
    const reader = await keyFor(t, adminId, ['apiKeys:read']);
    const list = await t.request({ method: 'GET', url: '/api/admin/tech/api-keys', headers: reader });
    expect(list.statusCode).toBe(403);
  });

  it('a key or a person gives a new key only scopes it holds; no key is given a scope no key may use', async () => {
    expect(scopesNotHeld(new Set(['institutions:read']), ['institutions:read', 'accounts:write'])).toEqual([
      'accounts:write',
    ]);
    expect(scopesNotHeld(null, ['institutions:read'])).toEqual(['institutions:read']);
    expect(scopesNotHeld(knownScopes, [...keyScopes])).toEqual([]);
    for (const scope of ['apiKeys:write', 'apiKeys:export']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/tech/api-keys',
        payload: { name: 'x', scopes: [scope] },
        cookie,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toEqual({
        path: ['scopes'],
        message: `An API key cannot be given ${scope}: no key may make its calls`,
      });
    }
    const offered = (await t.request({ method: 'GET', url: '/api/admin/tech/api-keys/scopes', cookie })).json().items;
    const areas = offered.map((a: { area: string }) => a.area);
    expect(areas).not.toContain('apiKeys');
    expect(areas).not.toContain('twoFactor');
    const accounts = offered.find((a: { area: string }) => a.area === 'accounts');
    expect(accounts.write.calls).toContain('PUT /api/admin/accounts/:id');
    expect(accounts.write.calls).not.toContain('PUT /api/admin/accounts/:id/reset-password');
  });

  it('a key holding only accounts:write cannot set the admin password (the review: 204, then signed in as the admin)', async () => {
    const headers = await keyFor(t, adminId, ['accounts:write']);
    const before = await passwordHashOf(adminId);
    const newPassword = 'Taken-over-pass-9921';
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/${adminId}/reset-password`,
      payload: { newPassword, confirmPassword: newPassword },
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: API_KEY_NO_PASSWORD_RESET });
    expect(await passwordHashOf(adminId)).toBe(before);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin1@example.test', password: newPassword },
    });
    expect(signIn.statusCode).toBe(401);
    // Nor a member's, through the members calls (a member can be staff too).
    const memberId = (
      await t.db
        .insertInto('accounts')
        .values({
          firstName: 'M',
          lastName: 'Ember',
          email: 'member-reset@example.test',
          address: '{}',
          memberAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const member = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/legacy/${memberId}/reset-password`,
      payload: { newPassword, confirmPassword: newPassword },
      headers,
    });
    expect(member.statusCode).toBe(403);
    expect(await passwordHashOf(memberId)).toBeNull();
  });

  it('a key cannot make an account staff, nor change whether a staff account is staff or active', async () => {
    const headers = await keyFor(t, adminId, ['accounts:write']);
    await t.signIn({ email: 'colleague@example.test' });
    const staffId = (await accountId(t, 'colleague@example.test'))!;
    await t.signIn({ email: 'plain@example.test', admin: false });
    const memberId = (await accountId(t, 'plain@example.test'))!;
    const base = { firstName: 'Ada', lastName: 'Tester', address: {} };
    const staff = { ...base, email: 'colleague@example.test', admin: true, active: true };
    const person = { ...base, email: 'plain@example.test', admin: false, active: true };
    const put = (id: number, payload: object) =>
      t.request({ method: 'PUT', url: `/api/admin/accounts/${id}`, payload, headers });
    const refused = [
      [staffId, { ...staff, admin: false }],
      [staffId, { ...staff, active: false }],
      [staffId, { ...staff, admin: undefined, lastName: 'Renamed' }], // admin left out means false
      [memberId, { ...person, admin: true }],
    ] as const;
    for (const [id, payload] of refused) {
      const res = await put(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json()).toEqual({ message: API_KEY_NO_STAFF_CHANGE });
    }
    expect(await flagsOf(staffId)).toEqual({ admin: true, active: true, lastName: 'Tester' });
    expect(await flagsOf(memberId)).toMatchObject({ admin: false, active: true });
    const made = await t.request({
      method: 'POST',
      url: '/api/admin/accounts',
      payload: { ...staff, email: 'new-staff@example.test', password: 'New-staff-pass-4410' },
      headers,
    });
    expect(made.statusCode).toBe(403);
    expect(made.json()).toEqual({ message: API_KEY_NO_STAFF_CHANGE });
    expect(await accountId(t, 'new-staff@example.test')).toBeUndefined();
    // What does not touch staff access still works.
    expect((await put(staffId, { ...staff, lastName: 'Renamed' })).statusCode).toBe(200);
    expect((await put(memberId, { ...person, active: false })).statusCode).toBe(200);
    expect(await flagsOf(memberId)).toMatchObject({ admin: false, active: false });
  });

  it('a key makes no two-factor call: not its owner’s, nor the reset of another account’s', async () => {
    const { id: guardedId } = await staffWithTwoFactor(t, 'guarded@example.test');
    const headers = await keyFor(t, adminId, ['twoFactor:read', 'twoFactor:write']);
    const calls = contractRoutes().filter((r) => r.id.startsWith('twoFactor.'));
    expect(calls.length).toBeGreaterThan(4);
    for (const { route } of calls) {
      const url = route.path.includes(':id') ? route.path.replace(':id', String(guardedId)) : sampleUrl(route.path);
      const res = await t.request({ method: route.method as 'GET', url, payload: {}, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: API_KEY_NO_TWO_FACTOR });
    }
    expect(await secondFactorOn(t.db, guardedId)).toBe(true);
  });

  it("stops a key once its owner loses staff or is deactivated (by another staff member's change)", async () => {
    for (const [email, change] of [
      ['demoted@example.test', { admin: false, active: true }],
      ['deactivated@example.test', { admin: true, active: false }],
    ] as const) {
      await t.signIn({ email });
      const ownerId = (await accountId(t, email))!;
      const headers = await keyFor(t, ownerId, ['institutions:read']);
      const call = () => t.request({ method: 'GET', url: '/api/admin/institutions', headers });
      expect((await call()).statusCode).toBe(200);
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/accounts/${ownerId}`,
        payload: { firstName: 'Ada', lastName: 'Tester', email, address: {}, ...change },
        cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await call();
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: API_KEY_INVALID });
    }
  });
});

describe('REQUIRE_STAFF_2FA=true', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ REQUIRE_STAFF_2FA: 'true' });
  });
  afterAll(() => strict.close());

  it("refuses a key whose owner has no second factor yet, like the owner's session; with one, it works", async () => {
    const session = await strict.signIn({ email: 'owes@example.test' });
    const headers = await keyFor(strict, (await accountId(strict, 'owes@example.test'))!, ['institutions:read']);
    const asSession = await strict.request({ method: 'GET', url: '/api/admin/institutions', cookie: session });
    expect(asSession.json()).toEqual({ message: 'Set up two-factor sign-in on your profile first' });
    const asKey = await strict.request({ method: 'GET', url: '/api/admin/institutions', headers });
    expect(asKey.statusCode).toBe(403);
    expect(asKey.json()).toEqual({ message: API_KEY_OWNER_TWO_FACTOR });

    const { id } = await staffWithTwoFactor(strict, 'set-up@example.test');
    const ready = await keyFor(strict, id, ['institutions:read']);
    expect((await strict.request({ method: 'GET', url: '/api/admin/institutions', headers: ready })).statusCode).toBe(
      200,
    );
  });
});
