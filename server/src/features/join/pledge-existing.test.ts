import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_CHECK_EMAIL, JOIN_SIGN_IN_TO_ACCEPT } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { recordingJobs } from '../../test/mail-fixtures.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';
import { staffWithTwoFactor } from '../../test/two-factor-fixtures.js';
import { makeAccount } from '../../test/accounts.js';

// Issue 34 finding 2: a pledge on the signed link of an address that already has an account.
let t: TestApp;
const jobs = recordingJobs();
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://members.example.org' });
  t.app.jobs = jobs;
});
afterAll(() => t.close());

/** The review's steps: the lookup hands out the signed link for code and address; the pledge sets a password. */
async function lookupAndPledge(code: string, email: string, password = 'chosen-by-caller-1') {
  const lookup = await t.request({
    method: 'POST',
    url: '/api/public/join/lookup',
    payload: { invitationCode: code, email },
  });
  expect(lookup.statusCode).toBe(200);
  const { signature } = lookup.json();
  return t.request({
    method: 'POST',
    url: `/api/public/join/${code}/pledge?signature=${encodeURIComponent(signature)}`,
    payload: { password },
  });
}

const hasSession = (res: { cookies: { name: string }[] }) => res.cookies.some((c) => c.name === 'sid');
const account = (email: string) =>
  t.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const invitee = (code: string) =>
  t.db
    .selectFrom('invitees')
    .select(['legacyPledgeAt', 'accountId'])
    .where('invitationCode', '=', code)
    .executeTakeFirstOrThrow();
const auditRows = (accountId: number) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'accountId', 'address', 'detail'])
    .where('entity', '=', 'accounts')
    .where('entityId', '=', String(accountId))
    .orderBy('id')
    .execute();
const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const sendsTo = (email: string) =>
  t.db.selectFrom('emailSends').selectAll().where('emailTo', '=', email).where('source', '=', 'set_password').execute();

const existingAccount = (email: string, fields: { admin: boolean; password?: string }) =>
  makeAccount(t.db, { firstName: 'Ex', lastName: 'Isting', email, ...fields });

describe('a pledge on the address of a staff account', () => {
  it('(the review) without a password: 409, no password set, nothing linked, no session, the refusal audited', async () => {
    // Imports make staff accounts without a password (Admin=Yes).
    const { id } = await existingAccount('imported.staff@example.edu', { admin: true });
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-STAFF1', email: 'Imported.Staff@example.edu' }] });

    const res = await lookupAndPledge('JN-STAFF1', 'imported.staff@example.edu');
    expect([res.statusCode, res.json()]).toEqual([409, { message: JOIN_SIGN_IN_TO_ACCEPT }]);
    expect(hasSession(res)).toBe(false);
    expect(await account('imported.staff@example.edu')).toMatchObject({
      passwordHash: null,
      pledgedAt: null,
      invitationCode: null,
      admin: true,
    });
    expect(await invitee('JN-STAFF1')).toEqual({ legacyPledgeAt: null, accountId: null });
    expect((await login('imported.staff@example.edu', 'chosen-by-caller-1')).statusCode).toBe(401);
    expect(await sendsTo('imported.staff@example.edu')).toEqual([]);
    expect(await t.db.selectFrom('passwordLinks').select('id').where('accountId', '=', id).execute()).toEqual([]);
    expect((await auditRows(id)).filter((r) => r.action.startsWith('pledge'))).toEqual([
      {
        action: 'pledge-refused',
        accountId: null,
        address: '127.0.0.1',
        detail: { invitationCode: 'JN-STAFF1', reason: 'staff account' },
      },
    ]);
  });

  it('with a password, even the right one, and a second factor: the same 409 and no session', async () => {
    const { id } = await staffWithTwoFactor(t, 'staff.2fa@example.edu');
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-STAFF2', email: 'staff.2fa@example.edu' }] });
    const res = await lookupAndPledge('JN-STAFF2', 'staff.2fa@example.edu', 'password123');
    expect([res.statusCode, res.json().message]).toEqual([409, JOIN_SIGN_IN_TO_ACCEPT]);
    expect(hasSession(res)).toBe(false);
    expect((await account('staff.2fa@example.edu')).pledgedAt).toBeNull();
    expect(await invitee('JN-STAFF2')).toEqual({ legacyPledgeAt: null, accountId: null });
    expect((await auditRows(id)).filter((r) => r.action.startsWith('pledge')).map((r) => r.action)).toEqual([
      'pledge-refused',
    ]);
  });
});

describe('a pledge on the address of another account without a password', () => {
  it('links it and emails a set-password link once (202): no password set, no session, audited', async () => {
    const { id } = await existingAccount('imported.member@example.edu', { admin: false });
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-NOPW01', email: 'imported.member@example.edu' }] });

    const res = await lookupAndPledge('JN-NOPW01', 'imported.member@example.edu');
    expect([res.statusCode, res.json()]).toEqual([202, { message: JOIN_CHECK_EMAIL, state: 'pledged' }]);
    expect(hasSession(res)).toBe(false);
    const after = await account('imported.member@example.edu');
    expect(after.passwordHash).toBeNull();
    expect(after.pledgedAt).toBeInstanceOf(Date);
    expect(after.invitationCode).toBe('JN-NOPW01');
    expect((await invitee('JN-NOPW01')).accountId).toBe(id);
    expect((await login('imported.member@example.edu', 'chosen-by-caller-1')).statusCode).toBe(401);

    const sends = await sendsTo('imported.member@example.edu');
    expect(sends.map((s) => [s.status, s.emailType, s.accountId, s.templateVersionId])).toEqual([
      ['queued', 'Transactional', id, null],
    ]);
    expect(sends[0]!.tokenValues.setPasswordUrl).toMatch(
      /^https:\/\/members\.example\.org\/set-password\?token=[A-Za-z0-9_-]{43}$/,
    );
    // Its delivery job was asked for in the same transaction (the only email of this file).
    expect(jobs.sent).toEqual(['deliver-emails']);

    // A second click: the pledge is the same, the link already sent is kept (no second email).
    const again = await lookupAndPledge('JN-NOPW01', 'imported.member@example.edu', 'another-choice-2');
    expect(again.statusCode).toBe(202);
    expect(hasSession(again)).toBe(false);
    expect(await sendsTo('imported.member@example.edu')).toHaveLength(1);
    expect(jobs.sent).toEqual(['deliver-emails']);
    expect(await t.db.selectFrom('passwordLinks').select('id').where('accountId', '=', id).execute()).toHaveLength(1);
    expect((await account('imported.member@example.edu')).passwordHash).toBeNull();

    const audit = (await auditRows(id)).filter((r) => r.action !== 'sign-in-failed');
    expect(audit.map((r) => [r.action, r.accountId, r.address])).toEqual([
      ['pledge-link', null, '127.0.0.1'],
      ['password-link-sent', null, '127.0.0.1'],
      ['pledge-link', null, '127.0.0.1'],
    ]);
    expect(audit[0]!.detail).toMatchObject({ invitationCode: 'JN-NOPW01' });
  });
});

describe('a pledge on the address of another account with a password', () => {
  it('links it with that password and signs in, audited', async () => {
    const { id } = await existingAccount('has.password@example.edu', { admin: false, password: 'own-secret-55' });
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-OWNPW1', email: 'has.password@example.edu' }] });
    const res = await lookupAndPledge('JN-OWNPW1', 'has.password@example.edu', 'own-secret-55');
    expect(res.statusCode).toBe(200);
    expect(hasSession(res)).toBe(true);
    expect((await auditRows(id)).map((r) => [r.action, r.address])).toEqual([['pledge-link', '127.0.0.1']]);
  });

  it('with a second factor: linked (audited) but no session; its code is asked at sign-in', async () => {
    const { id } = await staffWithTwoFactor(t, 'member.2fa@example.edu');
    await t.db.updateTable('accounts').set({ admin: false }).where('id', '=', id).execute();
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-2FA002', email: 'member.2fa@example.edu' }] });
    const res = await lookupAndPledge('JN-2FA002', 'member.2fa@example.edu', 'password123');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account.id).toBe(id);
    expect(hasSession(res)).toBe(false);
    expect((await account('member.2fa@example.edu')).pledgedAt).toBeInstanceOf(Date);
    expect((await auditRows(id)).filter((r) => r.action === 'pledge-link')).toHaveLength(1);
  });
});
