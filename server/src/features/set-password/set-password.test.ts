import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PASSWORD_LINK_INVALID, PASSWORD_SET } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { issuePasswordLink } from '../../services/auth/password-links.js';
import { deliverQueuedEmails } from '../../services/mail/deliver.js';
import { mailConfig } from '../../services/mail/mail-config.js';
import { recordingJobs } from '../../test/mail-fixtures.js';
import { makeAccount } from '../../test/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://members.example.org', LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.close());

let n = 0;
const linkedAccount = (password?: string) => makeAccount(t.db, { email: `linked${++n}@example.edu`, password });

/** Issues a link and answers the token its queued email carries (the only place the token exists). */
async function issue(accountId: number, options: { minIntervalSeconds?: number } = {}) {
  const issued = await issuePasswordLink(t.db, recordingJobs(), accountId, {
    baseUrl: t.config.PUBLIC_URL,
    reason: 'test',
    ...options,
  });
  const send = await t.db
    .selectFrom('emailSends')
    .select('tokenValues')
    .where('accountId', '=', accountId)
    .where('source', '=', 'set_password')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { issued, token: new URL(send.tokenValues.setPasswordUrl!).searchParams.get('token')! };
}

const setPassword = (payload: object, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/public/set-password', payload, remoteAddress });
const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const invalid = { message: PASSWORD_LINK_INVALID };

describe('set-password links', () => {
  it('are emailed through the send log and delivery: a plain link (no click tracking), only its hash stored', async () => {
    const { id, email } = await linkedAccount();
    const { token } = await issue(id);
    const links = await t.db.selectFrom('passwordLinks').selectAll().where('accountId', '=', id).execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(links)).not.toContain(token);
    const days = (links[0]!.expiresAt.getTime() - links[0]!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    await deliverQueuedEmails(t.db, mailConfig(t.config));
    const [message] = await t.db.selectFrom('emailOutbox').selectAll().where('toAddress', '=', email).execute();
    const url = `https://members.example.org/set-password?token=${token}`;
    expect(message).toMatchObject({ subject: 'Set your password' });
    expect(message!.html).toContain(`href="${url}"`);
    expect(message!.text).toContain(url);
    expect(message!.html).not.toMatch(/\/api\/public\/(t|track)/);
    const send = await t.db
      .selectFrom('emailSends')
      .select(['status', 'source'])
      .where('accountId', '=', id)
      .executeTakeFirstOrThrow();
    expect(send).toEqual({ status: 'sent', source: 'set_password' });
  });

  it('set the password once, end the sessions, sign no one in, audited; then the link is dead', async () => {
    const { id, email } = await linkedAccount('old-password-11');
    const cookie = await t.signIn({ email, password: 'old-password-11', admin: false });
    const { token } = await issue(id);
    const res = await setPassword({ token, password: 'brand-new-secret-7' });
    expect([res.statusCode, res.json()]).toEqual([200, { message: PASSWORD_SET }]);
    expect(res.cookies).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/public/account', cookie })).statusCode).toBe(401);
    expect((await login(email, 'brand-new-secret-7')).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('auditLog')
      .select(['action', 'accountId', 'address'])
      .where('entityId', '=', String(id))
      .where('action', 'like', 'password-%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'password-link-sent', accountId: null, address: null },
      { action: 'password-set', accountId: id, address: '127.0.0.1' },
    ]);
    const again = await setPassword({ token, password: 'another-secret-8' });
    expect([again.statusCode, again.json()]).toEqual([400, invalid]);
    expect((await login(email, 'brand-new-secret-7')).statusCode).toBe(200);
  });

  it('answer the same 400 for an unknown, missing, expired or replaced link, changing nothing', async () => {
    const { id, email } = await linkedAccount();
    const { token: first } = await issue(id);
    const { token: second } = await issue(id);
    const { id: other } = await linkedAccount();
    const { token: expired } = await issue(other);
    await t.db
      .updateTable('passwordLinks')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('accountId', '=', other)
      .execute();
    const wrong = [first, expired, undefined, '', 'x'.repeat(43), `${second}x`];
    for (const [i, token] of wrong.entries()) {
      const res = await setPassword({ token, password: 'brand-new-secret-7' }, `10.0.0.${i + 1}`);
      expect([res.statusCode, res.json()]).toEqual([400, invalid]);
    }
    expect((await login(email, 'brand-new-secret-7')).statusCode).toBe(401);
    // The replacing link still works.
    expect((await setPassword({ token: second, password: 'brand-new-secret-7' })).statusCode).toBe(200);
  });

  it('refuse a short or common password on its field and keep the link usable', async () => {
    const { id } = await linkedAccount();
    const { token } = await issue(id);
    const short = await setPassword({ token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].path.at(-1)).toBe('password');
    const common = await setPassword({ token, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().issues[0].path.at(-1)).toBe('password');
    expect((await setPassword({ token, password: 'brand-new-secret-7' })).statusCode).toBe(200);
  });

  it('throttle wrong links per address (429 with Retry-After)', async () => {
    const guess = 'g'.repeat(43);
    for (let i = 0; i < 3; i++)
      expect((await setPassword({ token: guess, password: 'brand-new-secret-7' }, '10.9.9.9')).statusCode).toBe(400);
    const throttled = await setPassword({ token: guess, password: 'brand-new-secret-7' }, '10.9.9.9');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
  });

  it('are issued at most once within `minIntervalSeconds`: the earlier link stays, no second email', async () => {
    const { id } = await linkedAccount();
    const { issued: first, token } = await issue(id);
    const { issued: kept } = await issue(id, { minIntervalSeconds: 300 });
    expect([first, kept]).toEqual([true, false]);
    const sends = await t.db.selectFrom('emailSends').select('id').where('accountId', '=', id).execute();
    expect(sends).toHaveLength(1);
    expect((await setPassword({ token, password: 'brand-new-secret-7' })).statusCode).toBe(200);
  });
});
