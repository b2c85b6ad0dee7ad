import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

// The product's default: session lookups remembered for a moment (other tests turn it off).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '1500' });
});
afterAll(() => t.close());

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/public/account', cookie });
const deactivateDirectly = (email: string) =>
  t.db.updateTable('accounts').set({ active: false }).where('email', '=', email).execute();

describe('remembered session lookups', () => {
  it('serve repeated requests without the database for a moment, then look again', async () => {
    const cookie = await t.signIn({ email: 'cached@example.test' });
    expect((await me(cookie)).statusCode).toBe(200);
    // A change made behind this instance's back (a script, another instance) ...
    await deactivateDirectly('cached@example.test');
    // ... is not seen while the lookup is remembered ...
    expect((await me(cookie)).statusCode).toBe(200);
    // ... and is once the moment has passed.
    await expect.poll(async () => (await me(cookie)).statusCode, { timeout: 5_000, interval: 200 }).toBe(401);
  });

  it('are forgotten at once when this instance signs a session out', async () => {
    const cookie = await t.signIn({ email: 'signout@example.test' });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/logout', cookie })).statusCode).toBe(302);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('are forgotten at once after a state-changing request, e.g. staff deactivating an account', async () => {
    const staff = await t.signIn({ email: 'staff@example.test' });
    const member = await t.signIn({ admin: false, email: 'member-cached@example.test' });
    expect((await t.request({ method: 'GET', url: '/api/member/calendar-events', cookie: member })).statusCode).toBe(
      200,
    );
    const { id } = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'member-cached@example.test')
      .executeTakeFirstOrThrow();
    const account = (await t.request({ method: 'GET', url: `/api/admin/accounts/${id}`, cookie: staff })).json();
    const saved = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/${id}`,
      cookie: staff,
      payload: { ...account, active: false },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/member/calendar-events', cookie: member })).statusCode).toBe(
      401,
    );
  });
});
