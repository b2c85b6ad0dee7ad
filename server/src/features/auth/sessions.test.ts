import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '12' });
});
afterAll(() => t.close());

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/public/account', cookie });
const sessionsOf = (email: string) =>
  t.db
    .selectFrom('sessions as s')
    .innerJoin('accounts as a', 'a.id', 's.accountId')
    .where('a.email', '=', email)
    .select(['s.id', 's.createdAt', 's.expiresAt', 's.lastSeenAt', 's.revokedAt'])
    .orderBy('s.createdAt')
    .execute();
/** Moves every time of the account's sessions into the past, as if `minutes` had gone by. */
const age = (email: string, minutes: number, columns: ('createdAt' | 'lastSeenAt' | 'expiresAt')[]) =>
  t.db
    .updateTable('sessions')
    .set(
      Object.fromEntries(
        columns.map((c) => [
          c,
          sql`${sql.ref(c === 'createdAt' ? 'created_at' : c === 'lastSeenAt' ? 'last_seen_at' : 'expires_at')} - make_interval(mins => ${minutes})`,
        ]),
      ),
    )
    .where('accountId', '=', t.db.selectFrom('accounts').select('id').where('email', '=', email))
    .execute();

describe('idle timeout', () => {
  it('ends a session unused for 30 minutes', async () => {
    const cookie = await t.signIn({ email: 'idle@example.test' });
    await age('idle@example.test', 29, ['lastSeenAt']);
    expect((await me(cookie)).statusCode).toBe(200);
    // That call counted as activity: another 29 minutes later it still works...
    await age('idle@example.test', 29, ['lastSeenAt']);
    expect((await me(cookie)).statusCode).toBe(200);
    // ...but not after 31 idle minutes.
    await age('idle@example.test', 31, ['lastSeenAt']);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be signed in' });
  });

  it('records activity at most about once a minute, not on every request', async () => {
    const cookie = await t.signIn({ email: 'busy@example.test' });
    const [before] = await sessionsOf('busy@example.test');
    for (let i = 0; i < 5; i++) expect((await me(cookie)).statusCode).toBe(200);
    const [after] = await sessionsOf('busy@example.test');
    expect(after!.lastSeenAt.getTime()).toBe(before!.lastSeenAt.getTime());
    await age('busy@example.test', 2, ['lastSeenAt']);
    const [aged] = await sessionsOf('busy@example.test');
    await me(cookie);
    const [touched] = await sessionsOf('busy@example.test');
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(aged!.lastSeenAt.getTime() + 60_000);
  });
});

describe('absolute lifetime', () => {
  it('is 12 hours from sign-in, however active the session', async () => {
    const cookie = await t.signIn({ email: 'long@example.test' });
    const [s] = await sessionsOf('long@example.test');
    expect(s!.expiresAt.getTime() - s!.createdAt.getTime()).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(s!.expiresAt.getTime() - s!.createdAt.getTime()).toBeLessThanOrEqual(12 * 3600_000 + 60_000);
    await age('long@example.test', 12 * 60 - 1, ['createdAt', 'expiresAt']);
    expect((await me(cookie)).statusCode).toBe(200);
    await age('long@example.test', 2, ['createdAt', 'expiresAt']);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('sign-in', () => {
  it('gives a new session id every time and ends the one the browser sent', async () => {
    const first = await t.signIn({ email: 'again@example.test' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'again@example.test', password: 'password123' },
      cookie: first,
    });
    expect(res.statusCode).toBe(200);
    const second = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    const rows = await sessionsOf('again@example.test');
    expect(rows.map((r) => r.revokedAt === null)).toEqual([false, true]);
  });
});

describe('deactivating an account', () => {
  it('ends its sessions for good: re-activating brings none back', async () => {
    const admin = await t.signIn({ admin: true, email: 'boss@example.test' });
    const cookie = await t.signIn({ admin: false, email: 'leaver@example.test' });
    expect((await me(cookie)).statusCode).toBe(200);
    const { id } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'leaver@example.test')
      .executeTakeFirstOrThrow();
    const account = (await t.request({ method: 'GET', url: `/api/admin/accounts/${id}`, cookie: admin })).json();
    const put = (active: boolean) =>
      t.request({
        method: 'PUT',
        url: `/api/admin/accounts/${id}`,
        cookie: admin,
        payload: {
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          admin: false,
          active,
          phone: null,
          address: account.address,
        },
      });
    expect((await put(false)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await put(true)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await sessionsOf('leaver@example.test')).every((s) => s.revokedAt !== null)).toBe(true);
  });

  it('ends them whatever path made the change (a database trigger)', async () => {
    const cookie = await t.signIn({ admin: false, email: 'scripted@example.test' });
    await t.db.updateTable('accounts').set({ active: false }).where('email', '=', 'scripted@example.test').execute();
    await t.db.updateTable('accounts').set({ active: true }).where('email', '=', 'scripted@example.test').execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
