import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_EXPIRED, JOIN_LINK_INVALID, JOIN_LOOKUP_FAILED, JOIN_NO_LONGER_VALID } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { joinSignature } from '../../services/join/join-link.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';
import { ACCOUNT_PASSWORD_MISMATCH } from './pledge.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3', PUBLIC_URL: 'https://members.example.org' });
});
afterAll(() => t.close());

const signed = async (code: string) => `signature=${await joinSignature(t.db, code)}`;
const get = async (code: string, query?: string) =>
  t.request({ method: 'GET', url: `/api/public/join/${code}?${query ?? (await signed(code))}` });
const pledge = async (code: string, password = 'blue-otter-42') =>
  t.request({ method: 'POST', url: `/api/public/join/${code}/pledge?${await signed(code)}`, payload: { password } });
const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'sid');
  return c ? `sid=${c.value}` : undefined;
};

describe('the landing data (GET /api/public/join/{code})', () => {
  it('answers the invitee, invitation and chapter content for a signed link', async () => {
    const inv = await seedJoinInvitation(t.db, {
      invitees: [{ code: 'JN-LAND01', email: 'land@example.edu', firstName: 'Riley' }],
    });
    const res = await get('JN-LAND01');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      invitationCode: 'JN-LAND01',
      firstName: 'Riley',
      lastName: 'Rivera',
      state: 'invited',
      feeCents: 9500,
      currency: 'usd',
      paymentConfigured: false,
      passwordSet: false,
      advisors: [{ name: 'Dr. Maya Chen', title: 'Dean of Students', department: 'Student Life', signatureUrl: null }],
      president: { name: 'Sam Okafor' },
      testimonial: { name: 'Lee Park', title: 'Class of 2025', text: 'The best decision of my first year.' },
    });
    expect(body.chapter.name).toMatch(/^Join Chapter/);
    expect(body.institution.name).toMatch(/^Join State University/);
    expect(body.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(inv.inviteeIds).toHaveLength(1);
  });

  it('says whether the account of the address has a password (none for a member paid before pledging)', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-NOPW01', email: 'NoPw@example.edu' }] });
    expect((await get('JN-NOPW01')).json().passwordSet).toBe(false);
    const account = { firstName: 'Pa', lastName: 'Ss', email: 'nopw@example.edu', address: '{}' };
    const { id } = await t.db.insertInto('accounts').values(account).returning('id').executeTakeFirstOrThrow();
    expect((await get('JN-NOPW01')).json().passwordSet).toBe(false);
    const passwordHash = await hashPassword('blue-otter-42');
    await t.db.updateTable('accounts').set({ passwordHash }).where('id', '=', id).execute();
    expect((await get('JN-NOPW01')).json().passwordSet).toBe(true);
  });

  it('answers the same 403 for a changed character, a missing signature and an unknown code', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-LAND02', email: 'land2@example.edu' }] });
    const good = await joinSignature(t.db, 'JN-LAND02');
    const changed = (good[3] === 'x' ? 'y' : 'x') + '';
    const bad = [
      await get('JN-LAND02', `signature=${good.slice(0, 3)}${changed}${good.slice(4)}`),
      await get('JN-LAND02', ''),
      await get('JN-NOSUCH', await signed('JN-NOSUCH')),
      await get('JN-LAND02', await signed('JN-LAND01')),
    ];
    for (const res of bad) expect([res.statusCode, res.json()]).toEqual([403, { message: JOIN_LINK_INVALID }]);
  });

  it('says expired after the deadline and removed for a removed invitee', async () => {
    await seedJoinInvitation(t.db, { deadlineDays: -1, invitees: [{ code: 'JN-LATE01', email: 'late@example.edu' }] });
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-GONE01', email: 'gone@example.edu', removed: true }] });
    expect((await get('JN-LATE01')).json().state).toBe('expired');
    expect((await get('JN-GONE01')).json().state).toBe('removed');
  });
});

describe('the lookup (POST /api/public/join/lookup)', () => {
  it('answers the signed link when code and address match, one 404 for any mismatch, then 429', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-LOOK01', email: 'Look.Up@Example.edu' }] });
    const ok = await t.request({
      method: 'POST',
      url: '/api/public/join/lookup',
      payload: { invitationCode: 'jn-look01', email: 'look.up@example.edu' },
    });
    expect(ok.statusCode).toBe(200);
    const signature = await joinSignature(t.db, 'JN-LOOK01');
    expect(ok.json()).toEqual({
      invitationCode: 'JN-LOOK01',
      signature,
      url: `https://members.example.org/join/JN-LOOK01?signature=${signature}`,
    });

    const wrongEmail = await t.request({
      method: 'POST',
      url: '/api/public/join/lookup',
      payload: { invitationCode: 'JN-LOOK01', email: 'other@example.edu' },
    });
    const wrongCode = await t.request({
      method: 'POST',
      url: '/api/public/join/lookup',
      payload: { invitationCode: 'JN-LOOK99', email: 'other@example.edu' },
    });
    for (const res of [wrongEmail, wrongCode])
      expect([res.statusCode, res.json()]).toEqual([404, { message: JOIN_LOOKUP_FAILED }]);
    await t.request({
      method: 'POST',
      url: '/api/public/join/lookup',
      payload: { invitationCode: 'JN-LOOK02', email: 'other@example.edu' },
    });
    const throttled = await t.request({
      method: 'POST',
      url: '/api/public/join/lookup',
      payload: { invitationCode: 'JN-LOOK01', email: 'other@example.edu' },
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeTruthy();
    // Sign-in for the same address is counted apart.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'other@example.edu', password: 'whatever-1' },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('the pledge (POST /api/public/join/{code}/pledge)', () => {
  it('creates the account, records the pledge, signs in; a repeat is the same account; the figures move', async () => {
    const inv = await seedJoinInvitation(t.db, {
      testValue: 'Variation',
      invitees: [{ code: 'JN-PLDG01', email: 'pledger@example.edu', firstName: 'Casey' }],
    });
    const res = await pledge('JN-PLDG01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'pledged',
      account: { firstName: 'Casey', lastName: 'Rivera', email: 'pledger@example.edu', admin: false },
    });
    const cookie = sessionCookie(res);
    expect(cookie).toBeTruthy();
    const me = await t.request({ method: 'GET', url: '/api/public/account', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('pledger@example.edu');

    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', 'pledger@example.edu')
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      invitationCode: 'JN-PLDG01',
      institutionId: inv.institutionId,
      chapterId: inv.chapterId,
      admin: false,
      active: true,
      memberAt: null,
    });
    expect(account.pledgedAt).toBeInstanceOf(Date);
    const invitee = await t.db
      .selectFrom('invitees')
      .select(['legacyPledgeAt', 'accountId'])
      .where('id', '=', inv.inviteeIds[0]!)
      .executeTakeFirstOrThrow();
    expect(invitee.accountId).toBe(account.id);
    expect(invitee.legacyPledgeAt).toBeInstanceOf(Date);

    const again = await pledge('JN-PLDG01');
    expect(again.statusCode).toBe(200);
    expect(again.json().account.id).toBe(account.id);
    expect(
      await t.db.selectFrom('accounts').select('id').where('email', '=', 'pledger@example.edu').execute(),
    ).toHaveLength(1);
    const after = await t.db
      .selectFrom('invitees')
      .select('legacyPledgeAt')
      .where('id', '=', inv.inviteeIds[0]!)
      .executeTakeFirstOrThrow();
    expect(after.legacyPledgeAt).toEqual(invitee.legacyPledgeAt);

    // The admin figures read the same rows: the invitation's pledged count (Variation), the pledges list, the kept counts.
    const admin = await t.signIn();
    const detail = (
      await t.request({ method: 'GET', url: `/api/admin/logistics/invitations/${inv.invitationId}`, cookie: admin })
    ).json();
    expect(JSON.stringify(detail)).toMatch(/"countPledged(Variation)?":1/);
    const pledges = (
      await t.request({ method: 'GET', url: `/api/admin/accounts/pledges?search=pledger`, cookie: admin })
    ).json();
    expect(pledges.items.map((r: { email: string }) => r.email)).toContain('pledger@example.edu');
    const counts = await t.db
      .selectFrom('invitationEventCounts')
      .select(['event', 'n'])
      .where('invitationId', '=', inv.invitationId)
      .where('event', '=', 'pledge')
      .execute();
    expect(counts).toEqual([{ event: 'pledge', n: 1 }]);
  });

  it('links an existing account by email (never a second one) and needs its password', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-LINK01', email: 'Existing@example.edu' }] });
    const existing = await t.db
      .insertInto('accounts')
      .values({
        firstName: 'Exi',
        lastName: 'Sting',
        email: 'existing@example.edu',
        passwordHash: await hashPassword('old-secret-99'),
        address: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrong = await pledge('JN-LINK01', 'blue-otter-42');
    expect([wrong.statusCode, wrong.json().message]).toEqual([409, ACCOUNT_PASSWORD_MISMATCH]);
    const res = await pledge('JN-LINK01', 'old-secret-99');
    expect(res.statusCode).toBe(200);
    expect(res.json().account.id).toBe(existing.id);
    const account = await t.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(account.invitationCode).toBe('JN-LINK01');
    expect(account.pledgedAt).toBeInstanceOf(Date);
    expect(
      await t.db.selectFrom('accounts').select('id').where('email', 'ilike', 'existing@example.edu').execute(),
    ).toHaveLength(1);
  });

  it("counts guesses at an existing account's password as sign-in attempts: throttled, the sign-in too", async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-GUESS1', email: 'guessed@example.edu' }] });
    await t.db
      .insertInto('accounts')
      .values({
        firstName: 'Gue',
        lastName: 'Ssed',
        email: 'guessed@example.edu',
        passwordHash: await hashPassword('real-secret-77'),
        address: '{}',
      })
      .execute();
    for (const guess of ['guess-one-11', 'guess-two-22', 'guess-three-33'])
      expect((await pledge('JN-GUESS1', guess)).statusCode).toBe(409);
    const throttled = await pledge('JN-GUESS1', 'real-secret-77');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'guessed@example.edu', password: 'real-secret-77' },
    });
    expect(signIn.statusCode).toBe(429);
    const account = await t.db
      .selectFrom('accounts')
      .select('pledgedAt')
      .where('email', '=', 'guessed@example.edu')
      .executeTakeFirstOrThrow();
    expect(account.pledgedAt).toBeNull();
  });

  it('refuses after the deadline and for a removed invitee, writing nothing; concurrent pledges make one account', async () => {
    await seedJoinInvitation(t.db, { deadlineDays: -1, invitees: [{ code: 'JN-LATE02', email: 'late2@example.edu' }] });
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-GONE02', email: 'gone2@example.edu', removed: true }] });
    const late = await pledge('JN-LATE02');
    expect([late.statusCode, late.json().message]).toEqual([409, JOIN_EXPIRED]);
    const gone = await pledge('JN-GONE02');
    expect([gone.statusCode, gone.json().message]).toEqual([409, JOIN_NO_LONGER_VALID]);
    expect(
      await t.db
        .selectFrom('accounts')
        .select('id')
        .where('email', 'in', ['late2@example.edu', 'gone2@example.edu'])
        .execute(),
    ).toEqual([]);

    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-RACE01', email: 'race@example.edu' }] });
    const results = await Promise.all([pledge('JN-RACE01'), pledge('JN-RACE01'), pledge('JN-RACE01')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json().account.id)).size).toBe(1);
  });

  it('refuses a bad link with 403 and a common password with 400', async () => {
    await seedJoinInvitation(t.db, { invitees: [{ code: 'JN-PASS01', email: 'pass@example.edu' }] });
    const bad = await t.request({
      method: 'POST',
      url: '/api/public/join/JN-PASS01/pledge?signature=nope',
      payload: { password: 'blue-otter-42' },
    });
    expect([bad.statusCode, bad.json().message]).toEqual([403, JOIN_LINK_INVALID]);
    const common = await pledge('JN-PASS01', 'password123');
    expect(common.statusCode).toBe(400);
    const short = await pledge('JN-PASS01', 'short');
    expect(short.statusCode).toBe(400);
  });
});
