import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CODE, SIGN_IN_EXPIRED } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { codeFor, codeStep, passwordStep, staffWithTwoFactor } from '../../test/two-factor-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

const status = (cookie: string) =>
  t.request({ method: 'GET', url: '/api/admin/profile/two-factor', cookie }).then((r) => r.json());

describe('setting up two-factor sign-in', () => {
  it('answers a key, its otpauth address and a local QR code, and is on only once a code confirms it', async () => {
    const cookie = await t.signIn({ email: 'setup@example.test' });
    const setup = await t.request({ method: 'POST', url: '/api/admin/profile/two-factor/setup', cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Honor%20Society%20Admin:setup%40example.test?issuer=Honor%20Society%20Admin&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(
      /^<svg[^>]*>.*<\/svg>\n?$/s,
    );
    expect(await status(cookie)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const wrong = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/confirm',
      payload: { code: codeFor(secret, 5) },
      cookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: INVALID_CODE, issues: [{ path: ['code'], message: INVALID_CODE }] });

    const ok = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/confirm',
      payload: { code: codeFor(secret) },
      cookie,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Kept encrypted and hashed, never as given.
    const stored = await t.db.selectFrom('accountSecondFactors').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret);
    const hashes = await t.db.selectFrom('accountRecoveryCodes').select('codeHash').execute();
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);

    const again = await t.request({ method: 'POST', url: '/api/admin/profile/two-factor/setup', cookie });
    expect(again.statusCode).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, with no session before it, then signs in', async () => {
    const { secret } = await staffWithTwoFactor(t, 'code@example.test');
    const { res, pending } = await passwordStep(t, 'code@example.test');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ secondFactor: 'code' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const pendingCookie = res.cookies.find((c) => c.name === 'sid-pending')!;
    expect(pendingCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 300 });
    // The pending cookie is no session.
    expect((await t.request({ method: 'GET', url: '/api/public/account', cookie: pending })).statusCode).toBe(401);

    const signedIn = await codeStep(t, pending, codeFor(secret, 1));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().account).toMatchObject({ email: 'code@example.test', mustSetUpTwoFactor: false });
    const sid = signedIn.cookies.find((c) => c.name === 'sid')!;
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/institutions', cookie: `sid=${sid.value}` })).statusCode,
    ).toBe(200);
    expect(signedIn.cookies.find((c) => c.name === 'sid-pending')!.value).toBe('');
  });

  it('refuses a wrong code and a replayed code with the same message', async () => {
    const { secret } = await staffWithTwoFactor(t, 'replay@example.test');
    const { pending } = await passwordStep(t, 'replay@example.test', '10.2.0.1');
    for (const code of [codeFor(secret, 7), '12345', 'abc']) {
      const res = await codeStep(t, pending, code, '10.2.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: INVALID_CODE });
    }
    // Three wrong codes delay this email (LOGIN_MAX_FAILURES=3): the replay is tried on another account.
    const other = await staffWithTwoFactor(t, 'replay2@example.test');
    const code = codeFor(other.secret, 1);
    const { pending: second } = await passwordStep(t, 'replay2@example.test', '10.2.0.2');
    expect((await codeStep(t, second, code, '10.2.0.2')).statusCode).toBe(200);
    // The same code again, in the same step: refused.
    const { pending: third } = await passwordStep(t, 'replay2@example.test', '10.2.0.3');
    const replay = await codeStep(t, third, code, '10.2.0.3');
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: INVALID_CODE });
    // The code the set-up was confirmed with (the current step) is older: refused too.
    expect((await codeStep(t, third, codeFor(other.secret), '10.2.0.3')).json()).toEqual({ message: INVALID_CODE });
  });

  it('accepts each recovery code once', async () => {
    const { recoveryCodes, cookie } = await staffWithTwoFactor(t, 'recovery@example.test');
    const { pending } = await passwordStep(t, 'recovery@example.test', '10.3.0.1');
    const typed = ` ${recoveryCodes[3]!.toUpperCase()} `;
    expect((await codeStep(t, pending, typed, '10.3.0.1')).statusCode).toBe(200);
    const { pending: again } = await passwordStep(t, 'recovery@example.test', '10.3.0.2');
    const reused = await codeStep(t, again, recoveryCodes[3]!, '10.3.0.2');
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: INVALID_CODE });
    expect(await status(cookie)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('replaces the recovery codes with ten new ones, confirmed with a code or the password; the old ones stop working', async () => {
    const { recoveryCodes, cookie, secret } = await staffWithTwoFactor(t, 'new-codes@example.test');
    const url = '/api/admin/profile/two-factor/recovery-codes';
    const wrong = await t.request({ method: 'POST', url, payload: { password: 'not-it-at-all' }, cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code or password is not right');
    const res = await t.request({ method: 'POST', url, payload: { code: codeFor(secret, 1) }, cookie });
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    expect(await status(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const { pending } = await passwordStep(t, 'new-codes@example.test', '10.3.1.1');
    expect((await codeStep(t, pending, recoveryCodes[0]!, '10.3.1.1')).statusCode).toBe(401);
    const { pending: next } = await passwordStep(t, 'new-codes@example.test', '10.3.1.2');
    expect((await codeStep(t, next, fresh[0]!, '10.3.1.2')).statusCode).toBe(200);
    const byPassword = await t.request({ method: 'POST', url, payload: { password: 'password123' }, cookie });
    expect(byPassword.statusCode).toBe(200);
    const audited = await t.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('action', '=', 'recovery-codes-replaced')
      .execute();
    expect(audited).toHaveLength(2);
    for (const code of [...fresh, ...byPassword.json().recoveryCodes])
      expect(JSON.stringify(audited)).not.toContain(code);

    const without = await t.signIn({ email: 'no-factor@example.test' });
    const refused = await t.request({ method: 'POST', url, payload: { password: 'password123' }, cookie: without });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Two-factor sign-in is not on');
  });

  it('refuses the code step without a valid pending sign-in', async () => {
    const { id, secret } = await staffWithTwoFactor(t, 'pending@example.test');
    expect((await codeStep(t, '', codeFor(secret, 1))).json()).toEqual({ message: SIGN_IN_EXPIRED });
    const { pending } = await passwordStep(t, 'pending@example.test');
    const [, expires, signature] = pending.replace('sid-pending=', '').split('.');
    // Another account's id under this signature, and an expiry pushed out: both refused.
    for (const forged of [
      `sid-pending=${id + 1}.${expires}.${signature}`,
      `sid-pending=${id}.${Number(expires) + 3600}.${signature}`,
    ]) {
      const res = await codeStep(t, forged, codeFor(secret, 1));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_EXPIRED });
    }
  });

  it('throttles wrong codes like wrong passwords, and a right password gives no fresh guesses', async () => {
    const { secret } = await staffWithTwoFactor(t, 'throttle@example.test');
    const ip = '10.4.0.1';
    const { pending } = await passwordStep(t, 'throttle@example.test', ip);
    expect((await codeStep(t, pending, codeFor(secret, 9), ip)).statusCode).toBe(401);
    expect((await codeStep(t, pending, codeFor(secret, 9), ip)).statusCode).toBe(401);
    const { res: again, pending: pending2 } = await passwordStep(t, 'throttle@example.test', ip);
    expect(again.statusCode).toBe(202);
    expect((await codeStep(t, pending2, codeFor(secret, 9), ip)).statusCode).toBe(401);
    const blocked = await codeStep(t, pending2, codeFor(secret, 1), ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/,
    );
    expect((await passwordStep(t, 'throttle@example.test', ip)).res.statusCode).toBe(429);
  });

  it('does not ask a member, even one that kept a factor from staff days', async () => {
    const { secret } = await staffWithTwoFactor(t, 'demoted@example.test');
    await t.db.updateTable('accounts').set({ admin: false }).where('email', '=', 'demoted@example.test').execute();
    const { res } = await passwordStep(t, 'demoted@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({ admin: false, mustSetUpTwoFactor: false });
    expect(secret).toBeTruthy();
  });
});

describe('turning it off and resetting it', () => {
  it('turns off with a current code or the password, not with a wrong one', async () => {
    const a = await staffWithTwoFactor(t, 'off-code@example.test');
    const wrong = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/disable',
      payload: { password: 'not-it-at-all' },
      cookie: a.cookie,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code or password is not right');
    const none = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/disable',
      payload: {},
      cookie: a.cookie,
    });
    expect(none.statusCode).toBe(400);
    const off = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/disable',
      payload: { code: codeFor(a.secret, 1) },
      cookie: a.cookie,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await status(a.cookie)).toMatchObject({ enabled: false });

    const b = await staffWithTwoFactor(t, 'off-password@example.test');
    const byPassword = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/disable',
      payload: { password: 'password123' },
      cookie: b.cookie,
    });
    expect(byPassword.statusCode).toBe(204);
    expect((await passwordStep(t, 'off-password@example.test')).res.statusCode).toBe(200);
  });

  it('throttles guesses at turning it off, apart from the sign-in', async () => {
    const a = await staffWithTwoFactor(t, 'off-guess@example.test');
    const guess = () =>
      t.request({
        method: 'POST',
        url: '/api/admin/profile/two-factor/disable',
        payload: { password: 'a-wrong-guess' },
        cookie: a.cookie,
        remoteAddress: '10.5.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
    // The owner can still sign in (with the code).
    expect((await passwordStep(t, 'off-guess@example.test', '10.5.0.1')).res.statusCode).toBe(202);
  });

  it("lets another staff member reset an account's second factor, but not their own", async () => {
    const target = await staffWithTwoFactor(t, 'lost-phone@example.test');
    const other = await t.signIn({ email: 'helpdesk@example.test' });
    const detail = await t.request({ method: 'GET', url: `/api/admin/accounts/${target.id}`, cookie: other });
    expect(detail.json().twoFactorOn).toBe(true);
    const reset = await t.request({
      method: 'DELETE',
      url: `/api/admin/accounts/${target.id}/two-factor`,
      cookie: other,
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/admin/accounts/${target.id}`, cookie: other })).json().twoFactorOn,
    ).toBe(false);
    expect((await passwordStep(t, 'lost-phone@example.test')).res.statusCode).toBe(200);
    const own = await t.request({
      method: 'DELETE',
      url: `/api/admin/accounts/${target.id}/two-factor`,
      cookie: target.cookie,
    });
    expect(own.statusCode).toBe(400);
    expect(
      (await t.request({ method: 'DELETE', url: '/api/admin/accounts/999999/two-factor', cookie: other })).statusCode,
    ).toBe(404);
    const member = await t.signIn({ admin: false, email: 'nosy@example.test' });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/accounts/${target.id}/two-factor`, cookie: member }))
        .statusCode,
    ).toBe(403);
  });
});
