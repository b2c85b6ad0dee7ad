import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_LINK_REQUESTED } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { jobRecorder } from '../../test/job-recorder.js';
import { forgotPasswordLinkJob } from '../../jobs/forgot-password-link.js';
import { makeAccount } from '../../test/accounts.js';

let t: TestApp;
let jobs: ReturnType<typeof jobRecorder>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://members.example.org', LOGIN_MAX_FAILURES: '3' });
  t.app.jobs = jobs = jobRecorder(t);
});
afterAll(() => t.close());

let n = 0;
const forgetter = ({ active = true } = {}) =>
  makeAccount(t.db, { email: `Forgot${++n}@Example.edu`, active, password: 'old-password-11' });

const forgot = (email: string, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/public/forgot-password', payload: { email }, remoteAddress });
/** The set-password emails queued for `to` (by the address the email carries), once the queued requests ran. */
const sendsTo = async (to: string) => {
  await jobs.run([forgotPasswordLinkJob]);
  return (
    await t.db
      .selectFrom('emailSends')
      .select(['source', 'tokenValues', 'accountId'])
      .where('source', '=', 'set_password')
      .execute()
  ).filter((send) => send.tokenValues.email?.toLowerCase() === to.toLowerCase());
};
const neutral = [202, { message: PASSWORD_LINK_REQUESTED }];

describe('POST /api/public/forgot-password', () => {
  it('answers the same 202 for a known, an unknown and an inactive address; emails a link only to the known one', async () => {
    const known = await forgetter();
    const inactive = await forgetter({ active: false });
    const unknown = 'nobody-here@example.edu';
    for (const email of [known.email.toLowerCase(), unknown, inactive.email]) {
      const res = await forgot(email, '10.0.0.1');
      expect([res.statusCode, res.json()]).toEqual(neutral);
    }
    const [send, ...more] = await sendsTo(known.email);
    expect(more).toEqual([]);
    expect(send).toMatchObject({ source: 'set_password', accountId: known.id });
    expect(send!.tokenValues.setPasswordUrl).toMatch(/^https:\/\/members\.example\.org\/set-password\?token=/);
    expect(await sendsTo(unknown)).toEqual([]);
    expect(await sendsTo(inactive.email)).toEqual([]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('entityId', '=', String(known.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'password-link-sent', detail: { reason: 'forgot-password' } });
  });

  it('only queues, for a known and an unknown address alike: the job alone looks the address up and sends', async () => {
    const known = await forgetter();
    const unknown = 'nobody-queued@example.edu';
    const before = jobs.queued.length;
    for (const email of [known.email, unknown]) {
      const res = await forgot(email, '10.0.0.5');
      expect([res.statusCode, res.json()]).toEqual(neutral);
    }
    expect(jobs.queued.slice(before)).toEqual([
      { name: 'forgot-password-link', data: { email: known.email.toLowerCase(), ip: '10.0.0.5' } },
      { name: 'forgot-password-link', data: { email: unknown, ip: '10.0.0.5' } },
    ]);
    const links = () => t.db.selectFrom('passwordLinks').select('id').where('accountId', '=', known.id).execute();
    expect(await links()).toEqual([]);
    const audited = () =>
      t.db.selectFrom('auditLog').select('action').where('entityId', '=', String(known.id)).execute();
    expect(await audited()).toEqual([]);
    expect(await sendsTo(known.email)).toHaveLength(1);
    expect(await sendsTo(unknown)).toEqual([]);
    expect(await links()).toHaveLength(1);
    expect(await audited()).toEqual([{ action: 'password-link-sent' }]);
  });

  it('sends one email for a burst of requests, and the emailed link sets the password', async () => {
    const { email } = await forgetter();
    expect((await forgot(email, '10.0.0.2')).statusCode).toBe(202);
    expect((await forgot(email, '10.0.0.3')).statusCode).toBe(202);
    const sends = await sendsTo(email);
    expect(sends).toHaveLength(1);
    const token = new URL(sends[0]!.tokenValues.setPasswordUrl!).searchParams.get('token');
    const set = await t.request({
      method: 'POST',
      url: '/api/public/set-password',
      payload: { token, password: 'brand-new-secret-7' },
    });
    expect(set.statusCode).toBe(200);
  });

  it('is throttled per address and client alike for known and unknown addresses (429 with Retry-After)', async () => {
    const { email } = await forgetter();
    for (const address of [email, 'unknown-throttled@example.edu']) {
      for (let i = 0; i < 3; i++) expect((await forgot(address, '10.0.0.4')).statusCode).toBe(202);
      const refused = await forgot(address, '10.0.0.4');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many attempts\. Try again in /);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await sendsTo(email)).toHaveLength(1);
  });

  it('refuses a malformed address with a 400 naming the field', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Email is not valid');
  });
});
