import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_ALREADY_PAID, JOIN_EXPIRED, JOIN_NO_LONGER_VALID } from '@app/contract';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { makeTemplateVersion } from '../../test/mail-fixtures.js';
import { joinSignature } from '../../services/join/join-link.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';

let q: QueuedApp;
let db: QueuedApp['t']['db'];
let memberCookie: string;
beforeAll(async () => {
  q = await createQueuedApp({ PUBLIC_URL: 'https://members.example.org' });
  db = q.t.db;
  memberCookie = await q.t.signIn({ admin: false });
  for (const type of ['WelcomeEmail', 'WelcomeEmailNoPayment'] as const) {
    await makeTemplateVersion(db, {
      name: type,
      templateType: type,
      subject: `${type} for {{firstName}}`,
      body: '<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{firstName}}</mj-text></mj-column></mj-section></mj-body></mjml>',
    });
  }
});
afterAll(() => q.close());

let k = 0;
/** One invitee of a fresh invitation; `pledge` accepts it on the landing page first (an account with a password). */
async function invitee(opts: { pledge?: boolean; deadlineDays?: number; removed?: boolean } = {}) {
  const code = `PY-${String(++k).padStart(5, '0')}`;
  const email = `payer${k}@example.edu`;
  const inv = await seedJoinInvitation(db, {
    deadlineDays: opts.deadlineDays,
    invitees: [{ code, email, removed: opts.removed }],
  });
  let accountId: number | undefined;
  if (opts.pledge) {
    const res = await q.request({
      cookie: '',
      method: 'POST',
      url: `/api/public/join/${code}/pledge?signature=${await joinSignature(db, code)}`,
      payload: { password: 'blue-otter-42' },
    });
    expect(res.statusCode).toBe(200);
    accountId = res.json().account.id;
  }
  return { ...inv, inviteeId: inv.inviteeIds[0]!, code, email, accountId };
}

const post = (url: string, payload: object, cookie?: string) =>
  q.request({ method: 'POST', url, payload, ...(cookie !== undefined ? { cookie } : {}) });
const payment = (externalId: string, extra: object = {}) => ({
  amountCents: 9500,
  method: 'check',
  reference: 'Check #1042',
  externalId,
  ...extra,
});
const welcomes = (accountId: number, source: 'welcome_email' | 'welcome_no_payment') =>
  db
    .selectFrom('emailSends')
    .select('id')
    .where('source', '=', source)
    .where('sourceId', '=', String(accountId))
    .execute();
const paymentsOf = (accountId: number) =>
  db.selectFrom('payments').selectAll().where('accountId', '=', accountId).execute();
const inviteeRow = (id: number) => db.selectFrom('invitees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const accountRow = (id: number) => db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Record Payment (members and pledges lists)', () => {
  it('records the payment, makes the member (memberAt, legacyPaidAt) and queues one WelcomeEmail, as the webhook does', async () => {
    const p = await invitee({ pledge: true });
    const res = await post(`/api/admin/accounts/legacy/${p.accountId}/payment`, payment('staff-1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      method: 'check',
      amountCents: 9500,
      currency: 'usd',
      reference: 'Check #1042',
      externalId: 'staff-1',
      refundedCents: 0,
      account: { id: p.accountId, email: p.email },
      invitee: { id: p.inviteeId, invitationId: p.invitationId, invitationCode: p.code },
      recordedBy: 'Ada Tester',
    });
    expect((await accountRow(p.accountId!)).memberAt).not.toBeNull();
    expect((await inviteeRow(p.inviteeId)).legacyPaidAt).not.toBeNull();
    expect(await welcomes(p.accountId!, 'welcome_email')).toHaveLength(1);
  });

  it('is idempotent by externalId: a repeat and five at once give the same answer, one payment, one welcome', async () => {
    const p = await invitee({ pledge: true });
    const url = `/api/admin/accounts/legacy/${p.accountId}/payment`;
    const first = await post(url, payment('staff-twice'));
    const again = await Promise.all(Array.from({ length: 5 }, () => post(url, payment('staff-twice'))));
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first.json());
    }
    expect(await paymentsOf(p.accountId!)).toHaveLength(1);
    expect(await welcomes(p.accountId!, 'welcome_email')).toHaveLength(1);
  });

  it('refuses an externalId already used for another account, changing nothing', async () => {
    const a = await invitee({ pledge: true });
    const b = await invitee({ pledge: true });
    expect((await post(`/api/admin/accounts/legacy/${a.accountId}/payment`, payment('shared-id'))).statusCode).toBe(
      200,
    );
    const res = await post(`/api/admin/accounts/legacy/${b.accountId}/payment`, payment('shared-id'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('External id shared-id is already used for another payment');
    expect((await accountRow(b.accountId!)).memberAt).toBeNull();
    expect(await paymentsOf(b.accountId!)).toHaveLength(0);
  });

  it("answers 400 with each field's message, 404 for an unknown account", async () => {
    const p = await invitee({ pledge: true });
    const res = await post(`/api/admin/accounts/legacy/${p.accountId}/payment`, {
      amountCents: 0,
      method: 'bitcoin',
      reference: 'x'.repeat(201),
    });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json().issues.map((i: { path: string[]; message: string }) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      'body.amountCents': 'Amount must be more than 0',
      'body.method': 'Method must be one of card, check, cash, other',
      'body.reference': 'Reference must be 200 characters or less',
      'body.externalId': 'External id is required',
    });
    // A cleared amount is missing, not 'not a number'; a payment is never paid tomorrow.
    const cleared = await post(`/api/admin/accounts/legacy/${p.accountId}/payment`, {
      ...payment('cleared'),
      amountCents: null,
      paidAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Amount is required',
      'Paid on cannot be in the future',
    ]);
    const missing = await post('/api/admin/accounts/legacy/999999/payment', payment('nobody'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Member not found');
  });

  it('is for staff only: 401 signed out, 403 for a member, nothing recorded', async () => {
    const p = await invitee({ pledge: true });
    expect((await post(`/api/admin/accounts/legacy/${p.accountId}/payment`, payment('anon'), '')).statusCode).toBe(401);
    const res = await post(`/api/admin/accounts/legacy/${p.accountId}/payment`, payment('member'), memberCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
    expect(
      (await post(`/api/admin/logistics/invitees/${p.inviteeId}/pledge`, { externalId: 'm' }, memberCookie)).statusCode,
    ).toBe(403);
    expect(await paymentsOf(p.accountId!)).toHaveLength(0);
  });
});

describe('Complete Without Payment', () => {
  it('makes the member with a waived row and sends WelcomeEmailNoPayment once, never WelcomeEmail', async () => {
    const p = await invitee({ pledge: true });
    const url = `/api/admin/accounts/legacy/${p.accountId}/complete-without-payment`;
    const first = await post(url, { reference: 'Scholarship' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      method: 'waived',
      amountCents: 0,
      reference: 'Scholarship',
      invitee: { id: p.inviteeId },
    });
    const again = await Promise.all([post(url, {}), post(url, {})]);
    for (const res of again) expect(res.json()).toEqual(first.json());
    expect((await accountRow(p.accountId!)).memberAt).not.toBeNull();
    expect((await inviteeRow(p.inviteeId)).legacyPaidAt).not.toBeNull();
    expect(await welcomes(p.accountId!, 'welcome_no_payment')).toHaveLength(1);
    expect(await welcomes(p.accountId!, 'welcome_email')).toHaveLength(0);
    // Send Welcome Email on the members list picks the same kind for a waived fee.
    const resend = await post(`/api/admin/accounts/legacy/${p.accountId}/send-welcome-email`, {});
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('Welcome Email already sent');
  });

  it('answers 409 when the membership is already paid', async () => {
    const p = await invitee({ pledge: true });
    await post(`/api/admin/accounts/legacy/${p.accountId}/payment`, payment('paid-before-waive'));
    const res = await post(`/api/admin/accounts/legacy/${p.accountId}/complete-without-payment`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(JOIN_ALREADY_PAID);
    expect((await paymentsOf(p.accountId!)).map((r) => r.method)).toEqual(['check']);
  });

  it('on an invitee row: pledges first (an account without a password), then waives', async () => {
    const p = await invitee();
    const res = await post(`/api/admin/logistics/invitees/${p.inviteeId}/complete-without-payment`, {});
    expect(res.statusCode).toBe(200);
    const iv = await inviteeRow(p.inviteeId);
    expect(iv.legacyPledgeAt).not.toBeNull();
    expect(iv.legacyPaidAt).not.toBeNull();
    const account = await accountRow(iv.accountId!);
    expect(account).toMatchObject({ email: p.email, admin: false, passwordHash: null, invitationCode: p.code });
    expect(await welcomes(account.id, 'welcome_no_payment')).toHaveLength(1);
  });
});

describe('integrator calls: POST /api/admin/logistics/invitees/{id}/pledge and /payment', () => {
  it('records a pledge (account made, legacyPledgeAt), the same answer for a repeat and for three at once', async () => {
    const p = await invitee();
    const url = `/api/admin/logistics/invitees/${p.inviteeId}/pledge`;
    const first = await post(url, { externalId: 'site-pledge-1' });
    expect(first.statusCode).toBe(200);
    const account = await db.selectFrom('accounts').selectAll().where('email', '=', p.email).executeTakeFirstOrThrow();
    expect(first.json()).toEqual({
      inviteeId: p.inviteeId,
      accountId: account.id,
      state: 'pledged',
      pledgedAt: expect.any(String),
      externalId: 'site-pledge-1',
    });
    expect(account.pledgedAt).not.toBeNull();
    expect(account.memberAt).toBeNull();
    const again = await Promise.all(Array.from({ length: 3 }, () => post(url, { externalId: 'site-pledge-1' })));
    for (const res of again) expect(res.json()).toEqual(first.json());
    expect(await db.selectFrom('accounts').select('id').where('email', '=', p.email).execute()).toHaveLength(1);
  });

  it('links an existing account with that email instead of making another', async () => {
    const p = await invitee();
    const existing = await db
      .insertInto('accounts')
      .values({ firstName: 'Pat', lastName: 'Earlier', email: p.email.toUpperCase(), address: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await post(`/api/admin/logistics/invitees/${p.inviteeId}/pledge`, { externalId: 'site-link' });
    expect(res.json().accountId).toBe(existing.id);
    expect((await accountRow(existing.id)).pledgedAt).not.toBeNull();
  });

  it('refuses an expired, removed or unknown invitee and an externalId used for another pledge', async () => {
    const expired = await invitee({ deadlineDays: -1 });
    const removed = await invitee({ removed: true });
    const other = await invitee();
    const taken = await invitee();
    await post(`/api/admin/logistics/invitees/${taken.inviteeId}/pledge`, { externalId: 'site-taken' });
    const cases = [
      [expired.inviteeId, 'site-e', 409, JOIN_EXPIRED],
      [removed.inviteeId, 'site-r', 409, JOIN_NO_LONGER_VALID],
      [999999, 'site-u', 404, 'Invitee not found'],
      [other.inviteeId, 'site-taken', 409, 'External id site-taken is already used for another pledge'],
    ] as const;
    for (const [id, externalId, status, message] of cases) {
      const res = await post(`/api/admin/logistics/invitees/${id}/pledge`, { externalId });
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await inviteeRow(other.inviteeId)).legacyPledgeAt).toBeNull();
    const blank = await post(`/api/admin/logistics/invitees/${other.inviteeId}/pledge`, { externalId: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('External id is required');
  });

  it('records a payment for an invitee who never pledged: pledge, payment, member, welcome; a repeat changes nothing', async () => {
    const p = await invitee();
    const url = `/api/admin/logistics/invitees/${p.inviteeId}/payment`;
    const body = payment('site-pay-1', { method: 'card', reference: 'ch_outside', paidAt: '2026-11-20T15:00:00Z' });
    const [first, ...rest] = await Promise.all([post(url, body), post(url, body), post(url, body)]);
    expect(first!.statusCode).toBe(200);
    expect(first!.json()).toMatchObject({
      method: 'card',
      paidAt: '2026-11-20T15:00:00.000Z',
      invitee: { id: p.inviteeId },
    });
    for (const res of rest) expect(res.json()).toEqual(first!.json());
    const iv = await inviteeRow(p.inviteeId);
    expect(iv.legacyPledgeAt).not.toBeNull();
    expect(iv.legacyPaidAt).not.toBeNull();
    expect(await paymentsOf(iv.accountId!)).toHaveLength(1);
    expect(await welcomes(iv.accountId!, 'welcome_email')).toHaveLength(1);
  });

  it('refuses a payment for a removed invitee and an externalId paid for another invitee (rolling back its pledge)', async () => {
    const removed = await invitee({ removed: true });
    const res = await post(`/api/admin/logistics/invitees/${removed.inviteeId}/payment`, payment('site-removed'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(JOIN_NO_LONGER_VALID);
    const a = await invitee();
    const b = await invitee();
    await post(`/api/admin/logistics/invitees/${a.inviteeId}/payment`, payment('site-pay-shared'));
    const clash = await post(`/api/admin/logistics/invitees/${b.inviteeId}/payment`, payment('site-pay-shared'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('External id site-pay-shared is already used for another payment');
    expect(await inviteeRow(b.inviteeId)).toMatchObject({ legacyPledgeAt: null, legacyPaidAt: null, accountId: null });
  });
});

describe('integrator calls with an API key', () => {
  async function makeKey(scopes: string[]) {
    const res = await post('/api/admin/tech/api-keys', { name: `Join site ${scopes.join(' ')}`, scopes });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; key: string };
  }
  const asKey = (key: string, url: string, payload: object) =>
    q.request({ method: 'POST', url, payload, cookie: '', headers: { authorization: `Bearer ${key}` } });

  it('pledge and pay with payments:write alone (no session): the calls land, audited as the key', async () => {
    const p = await invitee();
    const { id, key } = await makeKey(['payments:write']);
    const pledge = await asKey(key, `/api/admin/logistics/invitees/${p.inviteeId}/pledge`, {
      externalId: 'key-pledge',
    });
    expect(pledge.statusCode, pledge.body).toBe(200);
    expect(pledge.json()).toMatchObject({ inviteeId: p.inviteeId, state: 'pledged', externalId: 'key-pledge' });
    const paid = await asKey(key, `/api/admin/logistics/invitees/${p.inviteeId}/payment`, payment('key-pay'));
    expect(paid.statusCode, paid.body).toBe(200);
    const iv = await inviteeRow(p.inviteeId);
    expect(iv.legacyPaidAt).not.toBeNull();
    expect((await accountRow(iv.accountId!)).memberAt).not.toBeNull();
    expect(await paymentsOf(iv.accountId!)).toHaveLength(1);
    const audited = await db
      .selectFrom('auditLog')
      .select(['apiKeyId', 'action'])
      .where('apiKeyId', '=', id)
      .orderBy('id')
      .execute();
    expect(audited.length).toBeGreaterThan(0);
    expect(audited.every((row) => row.apiKeyId === id)).toBe(true);
  });

  it('refuses a key without payments:write (403 naming the scope) and a revoked key (401), recording nothing', async () => {
    const p = await invitee();
    const reader = await makeKey(['payments:read']);
    const denied = await asKey(reader.key, `/api/admin/logistics/invitees/${p.inviteeId}/pledge`, {
      externalId: 'key-denied',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toContain('payments:write');
    const writer = await makeKey(['payments:write']);
    expect((await post(`/api/admin/tech/api-keys/${writer.id}/revoke`, {})).statusCode).toBe(200);
    const revoked = await asKey(writer.key, `/api/admin/logistics/invitees/${p.inviteeId}/payment`, payment('key-x'));
    expect(revoked.statusCode).toBe(401);
    expect(await inviteeRow(p.inviteeId)).toMatchObject({ legacyPledgeAt: null, legacyPaidAt: null, accountId: null });
  });
});

describe('GET /api/admin/accounts/payments', () => {
  it('lists every payment with its account and invitation: search, method, paid days, refunds, CSV export', async () => {
    const p = await invitee({ pledge: true });
    await post(
      `/api/admin/accounts/legacy/${p.accountId}/payment`,
      payment('list-1', { method: 'cash', reference: 'Receipt 77', paidAt: '2026-01-15T12:00:00Z' }),
    );
    await db
      .updateTable('payments')
      .set({ refundedCents: 2000, refundedAt: new Date('2026-01-20T00:00:00Z') })
      .where('externalId', '=', 'list-1')
      .execute();
    const list = (qs: string) => q.request({ method: 'GET', url: `/api/admin/accounts/payments?${qs}` });
    const found = await list('search=receipt%2077');
    expect(found.statusCode).toBe(200);
    expect(found.json().items).toHaveLength(1);
    expect(found.json().items[0]).toMatchObject({
      method: 'cash',
      refundedCents: 2000,
      refundedAt: '2026-01-20T00:00:00.000Z',
      invitee: { invitationCode: p.code },
      recordedBy: 'Ada Tester',
    });
    expect((await list(`search=${p.code}`)).json().items).toHaveLength(1);
    // One invitation's payments (its Revenue's 'See Payments'): this one's, not another invitation's.
    const other = await invitee({ pledge: true });
    await post(`/api/admin/accounts/legacy/${other.accountId}/payment`, payment('list-2'));
    const ofInvitation = await list(`invitationId=${p.invitationId}`);
    expect(ofInvitation.json().items.map((i: { externalId: string }) => i.externalId)).toEqual(['list-1']);
    expect((await list(`invitationId=${other.invitationId}`)).json().items).toHaveLength(1);
    const notAnId = await list('invitationId=five');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toMatch(/Invitation id must be a whole number/);
    expect((await list(`search=${p.code}&method=card`)).json().items).toHaveLength(0);
    expect((await list(`search=${p.code}&paidFrom=2026-01-15&paidTo=2026-01-15`)).json().items).toHaveLength(1);
    expect((await list(`search=${p.code}&paidFrom=2026-01-16`)).json().items).toHaveLength(0);
    const bad = await list('method=bitcoin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Method must be one of stripe, card/);
    const csv = await q.request({
      method: 'GET',
      url: `/api/admin/accounts/payments/export?invitationId=${p.invitationId}`,
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, row] = csv.body.trim().split('\n');
    expect(header).toBe(
      'id,paidAt,method,amount,currency,refunded,refundedAt,reference,recordedBy,externalId,stripeSessionId,accountId,name,email,invitationId,invitationCode,institution,review,reviewReason',
    );
    // Who recorded it, as the screen's 'Recorded by' shows.
    expect(row).toContain(',cash,95.00,usd,20.00,2026-01-20T00:00:00.000Z,Receipt 77,Ada Tester,list-1,');
    expect(row).toContain(p.code);
  });
});
