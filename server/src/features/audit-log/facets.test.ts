import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

describe('the audit log facets', () => {
  it("offer every action the server writes, the second factor's included, so the Action filter can pick each", async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/tech/audit-log/facets', cookie });
    expect(res.statusCode).toBe(200);
    const { actions } = res.json() as { actions: string[] };
    expect(actions).toEqual(
      expect.arrayContaining([
        'create',
        'update',
        'delete',
        'sign-in',
        'password-reset',
        'two-factor-on',
        'two-factor-off',
        'two-factor-reset',
        'recovery-codes-replaced',
      ]),
    );
  });

  it('filter the list by a second-factor action', async () => {
    const me = (await t.request({ method: 'GET', url: '/api/public/account', cookie })).json() as { id: number };
    await t.db
      .insertInto('auditLog')
      .values({ accountId: me.id, action: 'two-factor-on', entity: 'accounts', entityId: String(me.id) })
      .execute();
    const res = await t.request({ method: 'GET', url: '/api/admin/tech/audit-log?action=two-factor-on', cookie });
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: { action: string }[] }).items;
    expect(items.map((i) => i.action)).toEqual(['two-factor-on']);
  });
});
