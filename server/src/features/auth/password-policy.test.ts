import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { ensureAdmin } from '../../bootstrap.js';
import { isCommonPassword } from '../../services/auth/password-policy.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { makeAccount } from '../../test/accounts.js';

let t: TestApp;
let admin: string;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const row = await makeAccount(t.db, {
    firstName: 'Mem',
    lastName: 'Ber',
    email: 'member-pw@example.test',
    memberAt: new Date(),
    password: 'old secret words',
  });
  memberId = row.id;
});
afterAll(() => t.close());

const newAccount = (password: unknown) => ({
  firstName: 'Pat',
  lastName: 'Word',
  email: `pat${Math.random().toString(36).slice(2)}@example.test`,
  phone: '(202) 555-0123',
  address: { street1: '1 Navy Yard', city: 'Washington', state: 'DC', postalCode: '20001', country: 'US' },
  password,
});

describe('the common-password list', () => {
  it('is the package list, matched case-insensitively', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('violet staple orbit')).toBe(false);
  });
});

describe('new and reset passwords', () => {
  it('account create refuses a common password with 400 {message, issues} on the password field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/accounts',
      cookie: admin,
      payload: newAccount('Password123'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: COMMON_PASSWORD,
      issues: [{ path: ['body', 'password'], message: COMMON_PASSWORD }],
    });
  });

  it('account create still checks the minimum of 8 first, and accepts an uncommon password', async () => {
    const short = await t.request({
      method: 'POST',
      url: '/api/admin/accounts',
      cookie: admin,
      payload: newAccount('abc'),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password should be at least 8 chars');
    const ok = await t.request({
      method: 'POST',
      url: '/api/admin/accounts',
      cookie: admin,
      payload: newAccount('violet staple orbit'),
    });
    expect(ok.statusCode).toBe(201);
  });

  it.each([
    ['accounts', () => `/api/admin/accounts/${memberId}/reset-password`],
    ['members (legacy)', () => `/api/admin/accounts/legacy/${memberId}/reset-password`],
  ])('the %s reset-password route refuses a common password on newPassword', async (_, url) => {
    const res = await t.request({
      method: 'PUT',
      url: url(),
      cookie: admin,
      payload: { newPassword: 'ILOVEYOU1', confirmPassword: 'ILOVEYOU1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: COMMON_PASSWORD,
      issues: [{ path: ['body', 'newPassword'], message: COMMON_PASSWORD }],
    });
    const ok = await t.request({
      method: 'PUT',
      url: url(),
      cookie: admin,
      payload: { newPassword: 'amber kettle dawn', confirmPassword: 'amber kettle dawn' },
    });
    expect(ok.statusCode).toBe(204);
  });
});

describe('the bootstrap admin (ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  const find = () =>
    t.db.selectFrom('accounts').selectAll().where('email', '=', 'boot@example.test').executeTakeFirstOrThrow();

  it('is created when missing, then never overwritten on later starts', async () => {
    expect(await ensureAdmin(t.db, 'boot@example.test', 'first boot secret')).toBe('created');
    const created = await find();
    expect(created).toMatchObject({ admin: true, active: true, roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    // A change made in the UI...
    await t.db
      .updateTable('accounts')
      .set({ active: false, passwordHash: await hashPassword('changed in the ui') })
      .where('id', '=', created.id)
      .execute();
    // ...survives a restart with other environment values.
    expect(await ensureAdmin(t.db, 'BOOT@example.test', 'another boot secret')).toBe('kept');
    const kept = await find();
    expect(kept.active).toBe(false);
    expect(kept.passwordHash).not.toBe(created.passwordHash);
  });

  it('instances started at the same moment create it once, and none fails its start', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => ensureAdmin(t.db, 'together@example.test', 'three at once secret')),
    );
    expect(results.sort()).toEqual(['created', 'kept', 'kept']);
    expect(
      await t.db.selectFrom('accounts').select('id').where('email', '=', 'together@example.test').execute(),
    ).toHaveLength(1);
  });

  it('ADMIN_RESET=true re-activates it deliberately with the environment password and ends its sessions', async () => {
    const before = await find();
    await t.db
      .insertInto('sessions')
      .values({ id: 'boot-session', accountId: before.id, expiresAt: new Date(Date.now() + 3600_000) })
      .execute();
    expect(await ensureAdmin(t.db, 'boot@example.test', 'reset boot secret', { reset: true })).toBe('reset');
    expect(await find()).toMatchObject({ admin: true, active: true });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boot@example.test', password: 'reset boot secret' },
    });
    expect(res.statusCode).toBe(200);
    const old = await t.db
      .selectFrom('sessions')
      .select('revokedAt')
      .where('id', '=', 'boot-session')
      .executeTakeFirstOrThrow();
    expect(old.revokedAt).not.toBeNull();
  });

  it('refuses a common password when it would set one', async () => {
    await expect(ensureAdmin(t.db, 'boot2@example.test', 'password123')).rejects.toThrow(
      /ADMIN_PASSWORD: This password is too common/,
    );
  });
});
