import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ANOTHER_PAYMENT_REASON_REQUIRED, JOIN_ALREADY_PAID, PAYMENT_NOT_TO_REVIEW } from '@app/contract';
import { sessionCompletedEvent } from '../../test/fake-stripe.js';
import { startWebhookApp, type WebhookApp } from '../../test/stripe-webhook-app.js';

let w: WebhookApp;
beforeAll(async () => (w = await startWebhookApp()));
afterAll(() => w.close());

let k = 0;
const payer = async () => {
  const code = `RV-${String(++k).padStart(4, '0')}`;
  return { code, ...(await w.pledged(code, `review${k}@example.edu`)) };
};
const admin = (method: 'GET' | 'POST', url: string, payload?: object) => w.q.request({ method, url, payload });
/** The payments list's rows to review found by an invitation code. */
const toReview = async (code: string) =>
  (await admin('GET', `/api/admin/accounts/payments?review=pending&search=${code}`)).json().items as Array<{
    review: unknown;
  }>;
const auditRows = (action: string, id: number) =>
  w.db
    .selectFrom('auditLog')
    .select(['action', 'detail'])
    .where('action', '=', action)
    .where('entityId', '=', String(id))
    .execute();

describe('the Stripe webhook applies only the sessions the product made, for the fee', () => {
  it('a signed paid session of 100 cents, no metadata, only a client_reference_id: a payment to review, no member, no welcome', async () => {
    const { code, accountId } = await payer();
    const body = sessionCompletedEvent('evt_rv_foreign', {
      id: 'cs_not_ours_1',
      invitationCode: code,
      amountCents: 100,
      metadata: null,
    });
    expect((await w.deliverApplied(body)).statusCode).toBe(200);
    expect(await w.memberAt(accountId)).toBeNull();
    expect(await w.welcomes(accountId, ['welcome_email', 'welcome_no_payment'])).toEqual([]);
    expect(await w.payments(accountId)).toMatchObject([
      {
        amountCents: 100,
        stripeSessionId: 'cs_not_ours_1',
        reviewState: 'pending',
        reviewReason: 'Not a Checkout Session this product created',
      },
    ]);
    // Shown on the payments list, filtered to those to review, with its reason.
    const [listed] = await toReview(code);
    expect(listed!.review).toEqual({
      state: 'pending',
      reason: 'Not a Checkout Session this product created',
      reviewedAt: null,
      reviewedBy: null,
    });
    expect(
      (await w.request({ method: 'GET', url: `/api/public/join/${code}?${await w.signed(code)}` })).json().state,
    ).toBe('pledged');
  });

  it('our own session paying less than the fee, in another currency or without its code: each to review with why', async () => {
    const cases = [
      { amountCents: 100, reason: 'Paid 1.00 USD, less than the 95.00 USD fee' },
      { currency: 'eur', reason: 'Paid in EUR, the fee is in USD' },
      { metadata: null, reason: "Its invitation code (metadata) is not the checkout's" },
    ];
    for (const [i, c] of cases.entries()) {
      const { code, accountId } = await payer();
      const cs = await w.checkout(code);
      const { reason, ...session } = c;
      await w.deliverApplied(sessionCompletedEvent(`evt_rv_own_${i}`, { id: cs, invitationCode: code, ...session }));
      expect(await w.memberAt(accountId)).toBeNull();
      expect((await w.payments(accountId)).map((p) => [p.reviewState, p.reviewReason])).toEqual([['pending', reason]]);
    }
  });

  it('a second paid session for someone already a member is flagged, not added: one welcome, member once', async () => {
    const { code, accountId } = await payer();
    const first = await w.checkout(code);
    await w.deliverApplied(sessionCompletedEvent('evt_rv_1st', { id: first, invitationCode: code }));
    const memberSince = await w.memberAt(accountId);
    expect(memberSince).toBeInstanceOf(Date);
    // Another paid session of the same person (e.g. a second tab) arrives.
    await w.db
      .insertInto('checkoutSessions')
      .values({
        id: 'cs_rv_2nd',
        inviteeId: (await w.payments(accountId))[0]!.inviteeId!,
        amountCents: 9500,
        currency: 'usd',
      })
      .execute();
    await w.deliverApplied(sessionCompletedEvent('evt_rv_2nd', { id: 'cs_rv_2nd', invitationCode: code }));
    expect((await w.payments(accountId)).map((p) => [p.stripeSessionId, p.reviewState, p.reviewReason])).toEqual([
      [first, null, null],
      ['cs_rv_2nd', 'pending', 'A second payment: this person is already a member'],
    ]);
    expect(await w.welcomes(accountId)).toHaveLength(1);
    expect(await w.memberAt(accountId)).toEqual(memberSince);
    expect(await toReview(code)).toHaveLength(1);
  });

  it("a new checkout expires the invitee's older open sessions through Stripe", async () => {
    const { code, inviteeId } = await payer();
    // A session made an hour ago (another idempotency key), still open at Stripe.
    w.stripe.sessions.set('cs_rv_old', {});
    await w.db
      .insertInto('checkoutSessions')
      .values({ id: 'cs_rv_old', inviteeId, amountCents: 9500, currency: 'usd' })
      .execute();
    const fresh = await w.checkout(code);
    expect(w.stripe.calls.some((c) => c.method === 'POST' && c.path === '/v1/checkout/sessions/cs_rv_old/expire')).toBe(
      true,
    );
    expect(w.stripe.expired.has('cs_rv_old')).toBe(true);
    const rows = await w.db
      .selectFrom('checkoutSessions')
      .select(['id', 'expiredAt'])
      .where('inviteeId', '=', inviteeId)
      .orderBy('createdAt')
      .execute();
    expect(rows.map((r) => [r.id, r.expiredAt !== null])).toEqual([
      ['cs_rv_old', true],
      [fresh, false],
    ]);
    // A double click gets the same session, kept once and left open.
    expect(await w.checkout(code)).toBe(fresh);
    expect(w.stripe.expired.has(fresh)).toBe(false);
  });
});

describe('staff apply or refund a payment to review', () => {
  async function pendingPayment(n: string) {
    const p = await payer();
    await w.deliverApplied(
      sessionCompletedEvent(`evt_rv_${n}`, { id: `cs_rv_${n}`, invitationCode: p.code, amountCents: 100 }),
    );
    const [payment] = await w.payments(p.accountId);
    expect(payment!.reviewState).toBe('pending');
    return { ...p, paymentId: payment!.id };
  }

  it('apply: the person becomes a member with one welcome, the payment applied by the staff member, audited; once', async () => {
    const { accountId, paymentId } = await pendingPayment('apply');
    const res = await admin('POST', `/api/admin/accounts/payments/${paymentId}/apply`);
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({ state: 'applied', reviewedBy: expect.any(String) });
    expect(await w.memberAt(accountId)).toBeInstanceOf(Date);
    expect(await w.welcomes(accountId)).toHaveLength(1);
    expect(await auditRows('apply-payment', paymentId)).toHaveLength(1);
    const again = await admin('POST', `/api/admin/accounts/payments/${paymentId}/apply`);
    expect([again.statusCode, again.json().message]).toEqual([409, PAYMENT_NOT_TO_REVIEW]);
    expect(await w.welcomes(accountId)).toHaveLength(1);
  });

  it('refund: through Stripe refunds, marked refunded, nobody a member, audited; a second refund is refused', async () => {
    const { accountId, paymentId } = await pendingPayment('refund');
    const res = await admin('POST', `/api/admin/accounts/payments/${paymentId}/refund`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refundedCents: 100, review: { state: 'refunded' } });
    expect(w.stripe.refunds.filter((r) => r.paymentIntent === 'pi_cs_rv_refund')).toEqual([
      { paymentIntent: 'pi_cs_rv_refund', idempotencyKey: `review-refund:${paymentId}` },
    ]);
    expect(await w.memberAt(accountId)).toBeNull();
    expect(await auditRows('refund-payment', paymentId)).toHaveLength(1);
    expect((await admin('POST', `/api/admin/accounts/payments/${paymentId}/refund`)).statusCode).toBe(409);
    expect((await admin('POST', `/api/admin/accounts/payments/${paymentId}/apply`)).statusCode).toBe(409);
    expect(w.stripe.refunds.filter((r) => r.paymentIntent === 'pi_cs_rv_refund')).toHaveLength(1);
  });

  it('is for staff only and 404 for an unknown payment', async () => {
    const { paymentId } = await pendingPayment('staff');
    expect(
      (await w.request({ method: 'POST', url: `/api/admin/accounts/payments/${paymentId}/apply` })).statusCode,
    ).toBe(401);
    expect((await admin('POST', '/api/admin/accounts/payments/99999999/refund')).statusCode).toBe(404);
  });
});

describe('Record Payment for a member who already paid', () => {
  it('is refused as Complete Without Payment is; a second payment only as "another" with a reason, audited, no second welcome', async () => {
    const { accountId } = await payer();
    const url = `/api/admin/accounts/legacy/${accountId}/payment`;
    const check = (externalId: string, extra: object = {}) => ({
      amountCents: 9500,
      method: 'check',
      externalId,
      ...extra,
    });
    expect((await admin('POST', url, check('rv-first'))).statusCode).toBe(200);
    expect(await w.welcomes(accountId)).toHaveLength(1);

    const again = await admin('POST', url, check('rv-again'));
    expect([again.statusCode, again.json().message]).toEqual([409, JOIN_ALREADY_PAID]);
    const noReason = await admin('POST', url, check('rv-no-reason', { another: true }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([
      { path: ['body', 'anotherReason'], message: ANOTHER_PAYMENT_REASON_REQUIRED },
    ]);
    expect((await w.payments(accountId)).map((p) => p.externalId)).toEqual(['rv-first']);

    const another = await admin(
      'POST',
      url,
      check('rv-another', { another: true, anotherReason: 'Paid twice by mistake' }),
    );
    expect(another.statusCode).toBe(200);
    expect(another.json().review).toMatchObject({ state: 'applied', reason: 'Paid twice by mistake' });
    expect((await w.payments(accountId)).map((p) => [p.externalId, p.reviewState])).toEqual([
      ['rv-first', null],
      ['rv-another', 'applied'],
    ]);
    expect(await w.welcomes(accountId)).toHaveLength(1);
    const [audit] = await auditRows('record-another-payment', another.json().id);
    expect(audit?.detail).toMatchObject({ accountId, amountCents: 9500, reason: 'Paid twice by mistake' });
  });
});

describe('a waiver and a Stripe payment at the same moment', () => {
  it('take turns on the account row: one of them makes the member, one welcome in all', async () => {
    const { code, accountId } = await payer();
    const cs = await w.checkout(code);
    // Hold the account row so both arrive while it is taken, then let them go together.
    let release!: () => void;
    const held = w.db.transaction().execute(async (trx) => {
      await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
      await new Promise<void>((resolve) => (release = resolve));
    });
    const waiver = admin('POST', `/api/admin/accounts/legacy/${accountId}/complete-without-payment`, {});
    const stripe = w.deliver(sessionCompletedEvent('evt_rv_race', { id: cs, invitationCode: code }));
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
          w.db,
        );
        expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(2);
      },
      { timeout: 15_000, interval: 50 },
    );
    release();
    await held;
    const waived = await waiver;
    expect((await stripe).statusCode).toBe(200);
    await w.applied();
    expect(await w.welcomes(accountId, ['welcome_email', 'welcome_no_payment'])).toHaveLength(1);
    const rows = await w.payments(accountId);
    if (waived.statusCode === 200) {
      // The waiver went first: the Stripe payment waits for review.
      expect(rows.map((p) => [p.method, p.reviewState])).toEqual([
        ['waived', null],
        ['stripe', 'pending'],
      ]);
    } else {
      expect(waived.statusCode).toBe(409);
      expect(rows.map((p) => [p.method, p.reviewState])).toEqual([['stripe', null]]);
    }
  });
});
