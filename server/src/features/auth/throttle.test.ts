import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';

// Sign-in throttling under concurrency: the database decides, not a check-then-record race.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_ADDRESS_MAX_FAILURES: '100', TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers });

const statuses = (results: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of results) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
};

describe('30 wrong passwords for one account at once', () => {
  it('from one address: 5 are checked, 25 answer 429 with Retry-After and a message', async () => {
    await t.signIn({ email: 'burst@example.test' });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => login('burst@example.test', 'wrong-guess', '10.20.0.1')),
    );
    expect(statuses(results)).toEqual({ 401: 5, 429: 25 });
    for (const r of results.filter((r) => r.statusCode === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(r.json()).toEqual({
        message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ (seconds?|minutes?)\.$/),
      });
    }
    // Even the right password waits now: the window is closed for this email from this address.
    expect((await login('burst@example.test', 'password123', '10.20.0.1')).statusCode).toBe(429);
  });

  it('from 30 addresses: still at most 5 are checked (the account key)', async () => {
    await t.signIn({ email: 'spread@example.test' });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('spread@example.test', 'wrong-guess', `10.21.0.${i + 1}`)),
    );
    expect(statuses(results)).toEqual({ 401: 5, 429: 25 });
    // The account's owner waits an escalating delay (30 s at first), not the whole window.
    const owner = await login('spread@example.test', 'password123', '10.99.0.1');
    expect(owner.statusCode).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('lets the account sign in again once the delay has passed, and forgets the failures', async () => {
    await t.signIn({ email: 'later@example.test' });
    for (let i = 0; i < 5; i++)
      expect((await login('later@example.test', 'wrong-guess', `10.22.0.${i + 1}`)).statusCode).toBe(401);
    expect((await login('later@example.test', 'password123', '10.22.1.1')).statusCode).toBe(429);
    await t.db
      .updateTable('loginFailures')
      .set({ failedAt: new Date(Date.now() - 31_000) })
      .where('key', '=', 'account:later@example.test')
      .execute();
    expect((await login('later@example.test', 'password123', '10.22.1.1')).statusCode).toBe(200);
  });

  it("does not let one account's attack lock out another account", async () => {
    await t.signIn({ email: 'bystander@example.test' });
    await Promise.all(Array.from({ length: 10 }, () => login('victim@example.test', 'wrong-guess', '10.23.0.1')));
    expect((await login('bystander@example.test', 'password123', '10.23.0.1')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('reads the client address from X-Forwarded-For when the request comes from a trusted proxy', async () => {
    await t.signIn({ email: 'proxied@example.test' });
    // Five failures from one client behind the proxy close that email for that client only.
    for (let i = 0; i < 5; i++) {
      expect(
        (await login('proxied@example.test', 'wrong-guess', '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }))
          .statusCode,
      ).toBe(401);
    }
    // Another failure from another client goes through to the account's delay, not the pair's lock.
    const rows = await t.db
      .selectFrom('loginFailures')
      .select('key')
      .where('key', 'like', 'pair:proxied@example.test|%')
      .execute();
    expect(new Set(rows.map((r) => r.key))).toEqual(new Set(['pair:proxied@example.test|203.0.113.7']));
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    await login('direct@example.test', 'wrong-guess', '198.51.100.9', { 'x-forwarded-for': '203.0.113.8' });
    const rows = await t.db
      .selectFrom('loginFailures')
      .select('key')
      .where('key', 'like', 'pair:direct@example.test|%')
      .execute();
    expect(rows.map((r) => r.key)).toEqual(['pair:direct@example.test|198.51.100.9']);
  });
});
