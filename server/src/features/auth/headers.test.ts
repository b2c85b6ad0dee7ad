import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { productionEnv } from '../../test/production-env.js';

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // NODE_ENV=production without COOKIE_SECURE: secure by default.
  prod = await createTestApp({ ...productionEnv, LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

const csp = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v.join(' ')]),
  );

describe('security headers', () => {
  it('a CSP with script-src self only, no inline script, frame-ancestors none, on every answer', async () => {
    for (const url of ['/api/health', '/api/admin/no-such-thing', '/api/docs/', '/no-such-page']) {
      const res = await t.request({ method: 'GET', url });
      const policy = csp(res.headers);
      expect(policy['script-src'], url).toBe("'self'");
      expect(policy['frame-ancestors'], url).toBe("'none'");
      expect(policy['object-src'], url).toBe("'none'");
      expect(policy['default-src'], url).toBe("'self'");
      expect(policy, url).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers, url).not.toHaveProperty('strict-transport-security');
    }
  });

  it("uploaded files may be shown by other sites (an email's logo in a webmail); every other answer is same-origin", async () => {
    const file = await t.request({ method: 'GET', url: '/api/files/public/society/logo/no-such.png' });
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(csp(file.headers)['script-src']).toBe("'self'");
    for (const url of ['/api/health', '/no-such-page'])
      expect((await t.request({ method: 'GET', url })).headers['cross-origin-resource-policy'], url).toBe(
        'same-origin',
      );
  });

  it('HSTS and upgrade-insecure-requests only when secure (production)', async () => {
    const res = await prod.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(csp(res.headers)).toHaveProperty('upgrade-insecure-requests');
  });
});

describe('Cache-Control: no-store on /api answers', () => {
  it('on JSON, errors and CSV exports', async () => {
    const admin = await t.signIn({ admin: true });
    for (const url of [
      '/api/health',
      '/api/public/account',
      '/api/admin/institutions',
      '/api/admin/institutions/export',
      '/api/admin/no-such-thing',
    ]) {
      const res = await t.request({ method: 'GET', url, cookie: admin });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/admin/institutions' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});

describe('the session cookie', () => {
  it('in development: sid, HttpOnly, SameSite=Lax, Path=/, not Secure', async () => {
    await t.signIn({ email: 'dev-cookie@example.test' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dev-cookie@example.test', password: 'password123' },
    });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
  });

  it('in production: __Host-sid, Secure, Path=/, no Domain, and it signs in', async () => {
    await prod.db
      .insertInto('accounts')
      .values({
        firstName: 'Pro',
        lastName: 'Duction',
        email: 'prod@example.test',
        admin: true,
        address: '{}',
        passwordHash: await (await import('../../services/auth/passwords.js')).hashPassword('password123'),
      })
      .execute();
    const res = await prod.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'prod@example.test', password: 'password123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.map((c) => c.name)).toEqual(['__Host-sid']);
    const cookie = res.cookies[0]!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
    const me = await prod.request({ method: 'GET', url: '/api/public/account', cookie: `__Host-sid=${cookie.value}` });
    expect(me.json().email).toBe('prod@example.test');
    // The development name means nothing there.
    expect(
      (await prod.request({ method: 'GET', url: '/api/public/account', cookie: `sid=${cookie.value}` })).statusCode,
    ).toBe(401);
  });

  it('COOKIE_SECURE=false still overrides production', async () => {
    const { loadConfig } = await import('../../config.js');
    const plainHttp = { ...productionEnv, PUBLIC_URL: 'http://admin.society.example' };
    expect(loadConfig({ ...plainHttp, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(loadConfig(productionEnv).COOKIE_SECURE).toBe(true);
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
  });
});
