import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { codeFor, passwordStep } from '../../test/two-factor-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REQUIRE_STAFF_2FA: 'true' });
});
afterAll(() => t.close());

describe('REQUIRE_STAFF_2FA=true', () => {
  it('leads a staff member without a second factor into its set-up, and nothing else in /api/admin works until done', async () => {
    const cookie = await t.signIn({ email: 'must@example.test' });
    const me = await t.request({ method: 'GET', url: '/api/public/account', cookie });
    expect(me.json()).toMatchObject({ admin: true, mustSetUpTwoFactor: true });
    for (const url of ['/api/admin/institutions', '/api/admin/accounts', '/api/admin/no-such-route']) {
      const res = await t.request({ method: 'GET', url, cookie });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'Set up two-factor sign-in on your profile first' });
    }
    expect((await t.request({ method: 'GET', url: '/api/admin/profile/two-factor', cookie })).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    const { secret } = (await t.request({ method: 'POST', url: '/api/admin/profile/two-factor/setup', cookie })).json();
    const confirm = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/confirm',
      payload: { code: codeFor(secret) },
      cookie,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    // The same session now works everywhere.
    expect((await t.request({ method: 'GET', url: '/api/admin/institutions', cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/public/account', cookie })).json().mustSetUpTwoFactor).toBe(
      false,
    );
    // And the next sign-in asks for the code.
    expect((await passwordStep(t, 'must@example.test')).res.statusCode).toBe(202);
  });

  it('applies to a session that was open before: its next staff call is refused', async () => {
    const cookie = await t.signIn({ email: 'already-in@example.test' });
    expect((await t.request({ method: 'GET', url: '/api/admin/chapters', cookie })).statusCode).toBe(403);
  });

  it('does not ask members', async () => {
    const cookie = await t.signIn({ admin: false, email: 'member@example.test' });
    const me = await t.request({ method: 'GET', url: '/api/public/account', cookie });
    expect(me.json()).toMatchObject({ admin: false, mustSetUpTwoFactor: false });
    expect((await t.request({ method: 'GET', url: '/api/member/programs', cookie })).statusCode).toBe(200);
  });
});
