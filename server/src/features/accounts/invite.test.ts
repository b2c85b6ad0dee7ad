import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  CHAPTERS_NOT_HELD,
  INVITATION_SENT,
  PASSWORD_LINK_INVALID,
  ROLES_NOT_HELD,
  forbiddenMessage,
} from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { forgetRoles } from '../../services/auth/role-table.js';
import { recordingJobs } from '../../test/mail-fixtures.js';
import { makeChapter } from '../../test/fixtures.js';
import { INVITE_INACTIVE } from './invite.js';

// Issue 35 §5: inviting staff and advisors through one-time set-password links.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://members.example.org', SESSION_CACHE_MS: '0' });
  t.app.jobs = recordingJobs();
  await t.db
    .insertInto('roles')
    .values([
      // May give staff access, but holds only the accounts and roles areas.
      { name: 'ROLE_INVITE_STAFFER', permissions: ['accounts:read', 'accounts:write', 'roles:read', 'roles:write'] },
      {
        name: 'ROLE_INVITE_SCOPED',
        permissions: ['accounts:read', 'accounts:write', 'roles:read', 'roles:write'],
        chapterScoped: true,
      },
    ])
    .execute();
  forgetRoles();
  admin = await t.signIn({ email: 'invite-admin@example.test' });
});
afterAll(() => t.close());

let n = 0;
const staff = (body: object = {}) => ({
  firstName: 'Ada',
  lastName: 'Advisor',
  email: `advisor${++n}@example.edu`,
  roles: ['ROLE_ADVISOR'],
  chapterIds: [101],
  ...body,
});
const inviteStaff = (body: object, cookie = admin) =>
  t.request({ method: 'POST', url: '/api/admin/accounts/invite', payload: body, cookie });
const invite = (id: number, cookie = admin) =>
  t.request({ method: 'POST', url: `/api/admin/accounts/${id}/invite`, cookie });
const setPassword = (token: string, password: string) =>
  t.request({ method: 'POST', url: '/api/public/set-password', payload: { token, password } });
const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** The token of the account's latest emailed link (the email is the only place it exists). */
async function latestToken(accountId: number) {
  const send = await t.db
    .selectFrom('emailSends')
    .select('tokenValues')
    .where('accountId', '=', accountId)
    .where('source', '=', 'set_password')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const url = new URL(send.tokenValues.setPasswordUrl!);
  expect(`${url.origin}${url.pathname}`).toBe('https://members.example.org/set-password');
  return url.searchParams.get('token')!;
}

const auditRows = (accountId: number, action: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'detail', 'accountId'])
    .where('entity', '=', 'accounts')
    .where('entityId', '=', String(accountId))
    .where('action', '=', action)
    .execute();

describe('Invite staff', () => {
  it('makes a staff account with its roles and chapters, no password, and emails a 7-day link', async () => {
    const body = staff();
    const res = await inviteStaff(body);
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({ email: body.email, admin: true, active: true, chapterIds: [101] });
    expect(account.roles.sort()).toEqual(['ROLE_ADVISOR', 'ROLE_USER']);
    const row = await t.db
      .selectFrom('accounts')
      .select('passwordHash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toBeNull();

    const token = await latestToken(account.id);
    const link = await t.db
      .selectFrom('passwordLinks')
      .selectAll()
      .where('accountId', '=', account.id)
      .executeTakeFirstOrThrow();
    expect((link.expiresAt.getTime() - link.createdAt.getTime()) / 86_400_000).toBeCloseTo(7, 3);
    expect(JSON.stringify(link)).not.toContain(token);
    expect((await login(body.email, 'a new long password')).statusCode).toBe(401);
  });

  it('is accepted once: the link sets the password, the invitee signs in, and both steps are audited', async () => {
    const body = staff();
    const { id } = (await inviteStaff(body)).json();
    const token = await latestToken(id);
    expect((await setPassword(token, 'advisor password 1')).statusCode).toBe(200);
    const signedIn = await login(body.email, 'advisor password 1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().account).toMatchObject({ admin: true, chapterIds: [101] });

    const again = await setPassword(token, 'another password 2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSWORD_LINK_INVALID });
    expect((await login(body.email, 'another password 2')).statusCode).toBe(401);

    const [sent] = await auditRows(id, 'password-link-sent');
    expect(sent!.detail).toMatchObject({ reason: 'invite' });
    const adminId = (await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'invite-admin@example.test')
      .executeTakeFirstOrThrow())!.id;
    expect(sent!.accountId).toBe(adminId);
    const accepted = await auditRows(id, 'password-set');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.accountId).toBe(id);
  });

  it('refuses a taken email (409) and bad input (400 with field messages)', async () => {
    const body = staff();
    expect((await inviteStaff(body)).statusCode).toBe(201);
    expect((await inviteStaff(body)).statusCode).toBe(409);
    const bad = await inviteStaff({ firstName: '', lastName: 'X', email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Invalid email');
  });
});

describe('Invite on an account', () => {
  it('replaces the earlier link: only the newest one works', async () => {
    const { id, email } = (await inviteStaff(staff())).json();
    const first = await latestToken(id);
    const res = await invite(id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: INVITATION_SENT });
    const second = await latestToken(id);
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'first password 1')).statusCode).toBe(400);
    expect((await setPassword(second, 'second password 2')).statusCode).toBe(200);
    expect((await login(email, 'second password 2')).statusCode).toBe(200);
    expect(await auditRows(id, 'password-link-sent')).toHaveLength(2);
  });

  it('expires after 7 days', async () => {
    const { id } = (await inviteStaff(staff())).json();
    const token = await latestToken(id);
    await t.db
      .updateTable('passwordLinks')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('accountId', '=', id)
      .execute();
    const res = await setPassword(token, 'too late password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PASSWORD_LINK_INVALID });
  });

  it('answers 404 for an unknown account and 400 for an inactive one', async () => {
    expect((await invite(999_999)).statusCode).toBe(404);
    const { id } = (await inviteStaff(staff())).json();
    await t.db.updateTable('accounts').set({ active: false }).where('id', '=', id).execute();
    const res = await invite(id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INVITE_INACTIVE });
  });
});

describe('No escalation through invites', () => {
  const forbiddenRows = async (message: string) =>
    (
      await t.db
        .selectFrom('auditLog')
        .select('detail')
        .where('action', '=', 'forbidden')
        .where(sql<boolean>`detail->>'message' = ${message}`)
        .execute()
    ).length;

  it('refuses inviting staff without roles:write (403, audited), and nothing is created or sent', async () => {
    const membership = await t.signIn({ email: 'invite-membership@example.test', roles: ['ROLE_MEMBERSHIP'] });
    const body = staff();
    const res = await inviteStaff(body, membership);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: forbiddenMessage('roles:write') });
    expect(await forbiddenRows(forbiddenMessage('roles:write'))).toBeGreaterThan(0);
    const created = await t.db.selectFrom('accounts').select('id').where('email', '=', body.email).execute();
    expect(created).toHaveLength(0);

    // Inviting an existing staff account is giving its access again: refused the same way.
    const { id } = (await inviteStaff(staff())).json();
    expect((await invite(id, membership)).statusCode).toBe(403);
    expect(await auditRows(id, 'password-link-sent')).toHaveLength(1);
  });

  it('refuses roles whose permissions the inviter does not hold', async () => {
    const staffer = await t.signIn({ email: 'invite-staffer@example.test', roles: ['ROLE_INVITE_STAFFER'] });
    const res = await inviteStaff(staff({ roles: ['ROLE_AUDITOR'], chapterIds: [] }), staffer);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`${ROLES_NOT_HELD}: ROLE_AUDITOR`);
    expect(await forbiddenRows(`${ROLES_NOT_HELD}: ROLE_AUDITOR`)).toBeGreaterThan(0);
    // An admin account cannot be sent a link by someone who could not give its access.
    const adminId = (await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'invite-admin@example.test')
      .executeTakeFirstOrThrow())!.id;
    expect((await invite(adminId, staffer)).statusCode).toBe(403);
    // What it holds itself it may give.
    const ok = await inviteStaff(staff({ roles: ['ROLE_INVITE_STAFFER'], chapterIds: [] }), staffer);
    expect(ok.statusCode).toBe(201);
  });

  it("refuses chapters outside a chapter-scoped inviter's own", async () => {
    const email = 'invite-scoped@example.test';
    const scoped = await t.signIn({ email, roles: ['ROLE_INVITE_SCOPED'] });
    // Chapters that exist: the invited account's first chapter becomes its own, which must be in scope.
    const mine = (await makeChapter(t.db, ['Scoped Inviter U', 'SIU'], ['Scoped Inviter Chapter', 'SIC'])).chapterId;
    const other = (await makeChapter(t.db, ['Other Inviter U', 'OIU'], ['Other Inviter Chapter', 'OIC'])).chapterId;
    await t.db
      .updateTable('accounts')
      .set({ chapterIds: [mine] })
      .where('email', '=', email)
      .execute();
    const res = await inviteStaff(staff({ roles: ['ROLE_INVITE_SCOPED'], chapterIds: [mine, other] }), scoped);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`${CHAPTERS_NOT_HELD}: ${other}`);
    const ok = await inviteStaff(staff({ roles: ['ROLE_INVITE_SCOPED'], chapterIds: [mine] }), scoped);
    expect(ok.statusCode).toBe(201);
  });
});
