import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_ADDRESS_MAX_FAILURES: '6' });
});
afterAll(() => t.close());

describe('login', () => {
  it('signs in and answers the current account', async () => {
    const cookie = await t.signIn({ email: 'jane@example.test' });
    const res = await t.request({ method: 'GET', url: '/api/public/account', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'jane@example.test', fullName: 'Ada Tester', avatarUrl: null });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    await t.signIn({ email: 'cookie@example.test' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cookie@example.test', password: 'password123' },
    });
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.expires).toBeInstanceOf(Date);
  });

  it('refuses a wrong password with the exact message', async () => {
    await t.signIn({ email: 'wrong@example.test' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'wrong@example.test', password: 'nope-nope' },
      remoteAddress: '10.1.0.1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('refuses an unknown email the same way', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ghost@example.test', password: 'whatever1' },
      remoteAddress: '10.1.0.2',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('refuses an inactive account', async () => {
    await t.signIn({ email: 'gone@example.test' });
    await t.db.updateTable('accounts').set({ active: false }).where('email', '=', 'gone@example.test').execute();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gone@example.test', password: 'password123' },
      remoteAddress: '10.1.0.3',
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['missing fields', {}, 'Email is required'],
    ['wrong types', { email: 42, password: true }, 'Email must be text'],
    ['a bad email', { email: 'not-an-email', password: 'x' }, 'Invalid email'],
    ['a 100 KB email', { email: 'a'.repeat(100_000), password: 'x' }, 'Email must be 254 characters or less'],
  ])('answers 400 with the first rule for %s', async (_, payload, message) => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(Array.isArray(res.json().issues)).toBe(true);
  });

  it('answers 400 JSON to malformed JSON and keeps serving', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toBe('Malformed JSON body');
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('answers 413 JSON to a body over the limit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2_000_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it('throttles repeated failures for one email with 429', async () => {
    await t.signIn({ email: 'target@example.test' });
    for (let i = 0; i < 3; i++) {
      const r = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'target@example.test', password: 'bad-guess' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(r.statusCode).toBe(401);
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'target@example.test', password: 'password123' },
      remoteAddress: '10.0.0.9',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('throttles repeated failures from one address at its own, higher limit', async () => {
    for (let i = 0; i < 6; i++) {
      const r = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spray${i}@example.test`, password: 'bad-guess' },
        remoteAddress: '10.9.9.9',
      });
      expect(r.statusCode).toBe(401);
    }
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'other@example.test', password: 'x' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets others sign in from an address where several people failed (one proxy for everyone)', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `typo${i}@example.test`, password: 'bad-guess' },
        remoteAddress: '10.8.8.8',
      });
      expect(r.statusCode).toBe(401);
    }
    await t.signIn({ email: 'colleague@example.test' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'colleague@example.test', password: 'password123' },
      remoteAddress: '10.8.8.8',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the session and redirects to /login', async () => {
    const cookie = await t.signIn({ email: 'bye@example.test' });
    const res = await t.request({ method: 'GET', url: '/api/auth/logout', cookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    const after = await t.request({ method: 'GET', url: '/api/public/account', cookie });
    expect(after.statusCode).toBe(401);
  });
});

describe('origin check', () => {
  const loginFrom = (origin: string, email: string, password: string) =>
    t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { origin, host: 'localhost:80' },
    });

  it('refuses a state-changing request from another site', async () => {
    const res = await loginFrom('https://evil.example', 'a@b.co', 'x');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused');
  });

  it('accepts the same site', async () => {
    await t.signIn({ email: 'same@example.test' });
    const res = await loginFrom('http://localhost:80', 'same@example.test', 'password123');
    expect(res.statusCode).toBe(200);
  });
});
