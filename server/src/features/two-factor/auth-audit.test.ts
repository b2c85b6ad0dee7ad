import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { codeFor, codeStep, passwordStep, staffWithTwoFactor } from '../../test/two-factor-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = {
  accountId: number | null;
  address: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  detail: Record<string, unknown> | null;
};

/** The audit rows about one account, oldest first. */
const rowsAbout = async (accountId: number) =>
  (
    await sql<Row>`select account_id as "accountId", address, action, entity, entity_id as "entityId", detail from audit_log
      where entity = 'accounts' and entity_id = ${String(accountId)} order by id`.execute(t.db)
  ).rows;

describe('the audit of sign-ins and second factors', () => {
  it('writes one row per auth action, with who and from where, and never a password, key or code', async () => {
    const ip = '10.9.0.1';
    const a = await staffWithTwoFactor(t, 'audited@example.test');
    const failed = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Audited@example.test', password: 'hunter2-wrong' },
      remoteAddress: ip,
    });
    expect(failed.statusCode).toBe(401);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'hunter3-wrong' },
      remoteAddress: ip,
    });
    expect(unknown.statusCode).toBe(401);
    const { pending } = await passwordStep(t, 'audited@example.test', ip);
    const wrongCode = codeFor(a.secret, 6);
    expect((await codeStep(t, pending, wrongCode, ip)).statusCode).toBe(401);
    const signedIn = await codeStep(t, pending, codeFor(a.secret, 1), ip);
    expect(signedIn.statusCode).toBe(200);
    const cookie = `sid=${signedIn.cookies.find((c) => c.name === 'sid')!.value}`;
    const { pending: again } = await passwordStep(t, 'audited@example.test', ip);
    expect((await codeStep(t, again, a.recoveryCodes[0]!, ip)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/logout', cookie, remoteAddress: ip })).statusCode).toBe(
      302,
    );

    const boss = await t.signIn({ email: 'boss@example.test' });
    const bossId = (await t.request({ method: 'GET', url: '/api/public/account', cookie: boss })).json().id;
    const reset = await t.request({
      method: 'PUT',
      url: `/api/admin/accounts/${a.id}/reset-password`,
      payload: { newPassword: 'Tr0ub4dor&3x', confirmPassword: 'Tr0ub4dor&3x' },
      cookie: boss,
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/accounts/${a.id}/two-factor`, cookie: boss })).statusCode,
    ).toBe(204);

    const rows = await rowsAbout(a.id);
    expect(rows.map((r) => [r.action, r.accountId, r.detail])).toEqual([
      ['sign-in', a.id, null],
      ['two-factor-on', a.id, null],
      ['sign-in-failed', null, { email: 'audited@example.test', step: 'password' }],
      ['sign-in-failed', null, { email: 'audited@example.test', step: 'code' }],
      ['sign-in', a.id, { secondFactor: 'totp' }],
      ['sign-in', a.id, { secondFactor: 'recovery' }],
      ['sign-out', a.id, null],
      ['password-reset', bossId, null],
      ['two-factor-reset', bossId, null],
    ]);
    expect(rows.slice(2, 7).every((r) => r.address === ip)).toBe(true);
    const unknownRow = (
      await sql<Row>`select detail, entity_id as "entityId" from audit_log where action = 'sign-in-failed' and detail->>'email' = 'nobody@example.test'`.execute(
        t.db,
      )
    ).rows;
    expect(unknownRow).toEqual([{ detail: { email: 'nobody@example.test', step: 'password' }, entityId: null }]);

    // `changes` and `detail` are the free-form columns (the others are ids, addresses, times and action names).
    const everything = (
      await sql<{
        text: string;
      }>`select coalesce(string_agg(concat(changes::text, ' ', detail::text), ' '), '') as text from audit_log`.execute(
        t.db,
      )
    ).rows[0]!.text;
    for (const secret of [
      'hunter2-wrong',
      'hunter3-wrong',
      'password123',
      'Tr0ub4dor&3x',
      a.secret,
      wrongCode,
      ...a.recoveryCodes,
    ])
      expect(everything).not.toContain(secret);
  });

  it('audits turning it off, with what confirmed it', async () => {
    const a = await staffWithTwoFactor(t, 'switch-off@example.test');
    const off = await t.request({
      method: 'POST',
      url: '/api/admin/profile/two-factor/disable',
      payload: { password: 'password123' },
      cookie: a.cookie,
    });
    expect(off.statusCode).toBe(204);
    expect((await rowsAbout(a.id)).map((r) => [r.action, r.accountId, r.detail])).toEqual([
      ['sign-in', a.id, null],
      ['two-factor-on', a.id, null],
      ['two-factor-off', a.id, { confirmedWith: 'password' }],
    ]);
  });
});
