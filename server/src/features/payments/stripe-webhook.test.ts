import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_PAYMENT_NOT_SET_UP, STRIPE_WEBHOOK_INVALID } from '@app/contract';
import { createTestApp } from '../../test/helper.js';
import { joinSignature } from '../../services/join/join-link.js';
import { runTickler } from '../../services/reminders/tickler.js';
import { recordingJobs } from '../../test/mail-fixtures.js';
import { sessionCompletedEvent, stripeSignature } from '../../test/fake-stripe.js';
import { seedJoinInvitation } from '../../test/join-fixtures.js';
import { startWebhookApp, WEBHOOK_SECRET as SECRET, type WebhookApp } from '../../test/stripe-webhook-app.js';

let w: WebhookApp;
let t: { db: WebhookApp['db']; request: WebhookApp['request'] };
let stripe: WebhookApp['stripe'];
beforeAll(async () => {
  w = await startWebhookApp();
  ({ stripe } = w);
  t = { db: w.db, request: w.request };
});
afterAll(() => w.close());

const q = (code: string) => w.signed(code);
const pledged = (code: string, email: string) => w.pledged(code, email);
const deliver = (body: string, signature?: string) => w.deliver(body, signature);
const applied = () => w.applied();
const deliverApplied = (body: string) => w.deliverApplied(body);
const welcomes = (accountId: number) => w.welcomes(accountId);
const payments = (accountId: number) => w.payments(accountId);

describe('checkout', () => {
  it('creates a Checkout Session with the official client: fee, code, email, metadata, return URLs, idempotency key', async () => {
    await pledged('JN-PAY001', 'payer1@example.edu');
    const res = await t.request({ method: 'POST', url: `/api/public/join/JN-PAY001/checkout?${await q('JN-PAY001')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\d+$`));
    const call = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.apiKey).toBe('sk_test_join');
    expect(call.headers['idempotency-key']).toMatch(/^join-checkout:JN-PAY001:\d+$/);
    const form = Object.fromEntries(new URLSearchParams(call.raw));
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: 'JN-PAY001',
      customer_email: 'payer1@example.edu',
      'metadata[invitationCode]': 'JN-PAY001',
      'line_items[0][price_data][unit_amount]': '9500',
      'line_items[0][price_data][currency]': 'usd',
    });
    expect(form.success_url).toBe(`https://members.example.org/join/JN-PAY001?${await q('JN-PAY001')}&paid=1`);
    expect(form.cancel_url).toBe(`https://members.example.org/join/JN-PAY001?${await q('JN-PAY001')}`);
  });

  it('answers 409 when Stripe is not configured, while the pledge still works', async () => {
    const bare = await createTestApp();
    try {
      await seedJoinInvitation(bare.db, { invitees: [{ code: 'JN-NOPAY1', email: 'nopay@example.edu' }] });
      const sig = `signature=${await joinSignature(bare.db, 'JN-NOPAY1')}`;
      expect(
        (await bare.request({ method: 'GET', url: `/api/public/join/JN-NOPAY1?${sig}` })).json().paymentConfigured,
      ).toBe(false);
      expect(
        (
          await bare.request({
            method: 'POST',
            url: `/api/public/join/JN-NOPAY1/pledge?${sig}`,
            payload: { password: 'blue-otter-42' },
          })
        ).statusCode,
      ).toBe(200);
      const res = await bare.request({ method: 'POST', url: `/api/public/join/JN-NOPAY1/checkout?${sig}` });
      expect([res.statusCode, res.json().message]).toEqual([409, JOIN_PAYMENT_NOT_SET_UP]);
    } finally {
      await bare.close();
    }
  });
});

describe('the Stripe webhook', () => {
  it('records the payment, makes the member and queues one welcome, however often and however concurrently the event comes', async () => {
    const { accountId, inviteeIds, invitationId } = await pledged('JN-PAY002', 'payer2@example.edu');
    const cs = await w.checkout('JN-PAY002');
    const body = sessionCompletedEvent('evt_pay2', { id: cs, invitationCode: 'JN-PAY002' });
    const first = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await applied();
    // Once applied, a redelivery is answered as a duplicate (and not queued again).
    expect((await deliverApplied(body)).json()).toEqual({ received: true, duplicate: true });
    // Another event id for the same session (Stripe's completed + async_succeeded) pays nothing twice either.
    expect(
      (
        await deliverApplied(
          sessionCompletedEvent('evt_pay2b', {
            id: cs,
            invitationCode: 'JN-PAY002',
            type: 'checkout.session.async_payment_succeeded',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await payments(accountId)).toMatchObject([
      {
        amountCents: 9500,
        currency: 'usd',
        method: 'stripe',
        stripeSessionId: cs,
        stripePaymentIntentId: `pi_${cs}`,
        reviewState: null,
        inviteeId: inviteeIds[0],
      },
    ]);
    expect(await welcomes(accountId)).toHaveLength(1);
    const account = await t.db
      .selectFrom('accounts')
      .select('memberAt')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(account.memberAt).toBeInstanceOf(Date);
    const invitee = await t.db
      .selectFrom('invitees')
      .select('legacyPaidAt')
      .where('id', '=', inviteeIds[0]!)
      .executeTakeFirstOrThrow();
    expect(invitee.legacyPaidAt).toBeInstanceOf(Date);
    const paid = await t.db
      .selectFrom('invitationEventCounts')
      .select('n')
      .where('invitationId', '=', invitationId)
      .where('event', '=', 'paid')
      .executeTakeFirst();
    expect(paid?.n).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: `/api/public/join/JN-PAY002?${await q('JN-PAY002')}` })).json().state,
    ).toBe('member');

    // A refund is recorded against the payment.
    const refund = JSON.stringify({
      id: 'evt_refund2',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_2', object: 'charge', payment_intent: `pi_${cs}`, amount_refunded: 9500 } },
    });
    expect((await deliverApplied(refund)).statusCode).toBe(200);
    expect((await payments(accountId))[0]).toMatchObject({ refundedCents: 9500 });
  });

  it('refuses a wrong signature, a stale or future timestamp and a body that is not an event with 400, changing nothing', async () => {
    const { accountId } = await pledged('JN-PAY003', 'payer3@example.edu');
    const body = sessionCompletedEvent('evt_pay3', { id: 'cs_pay3', invitationCode: 'JN-PAY003' });
    // Each timestamp 10 s past the 5 minutes' tolerance, taken as it is sent: on a busy machine the calls before it
    // take seconds, and a future time fixed at the start would drift back inside the tolerance.
    const at = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    const bad = [
      await deliver(body, stripeSignature(body, 'whsec_other_secret')),
      await deliver(body, stripeSignature(body, SECRET, at(-310))),
      await deliver(body, stripeSignature(body, SECRET, at(310))),
      await deliver(body, ''),
      await deliver(body.replace('9500', '9600'), stripeSignature(body, SECRET)),
      await deliver('{"hello":"world"}'),
      await deliver('not json'),
    ];
    for (const res of bad) expect([res.statusCode, res.json()]).toEqual([400, { message: STRIPE_WEBHOOK_INVALID }]);
    expect(await payments(accountId)).toEqual([]);
    expect(await t.db.selectFrom('stripeEvents').select('id').where('id', '=', 'evt_pay3').execute()).toEqual([]);
    // An unpaid completion and a failed async payment leave the pledge.
    expect(
      (
        await deliverApplied(
          sessionCompletedEvent('evt_pay3u', { id: 'cs_pay3', invitationCode: 'JN-PAY003', paymentStatus: 'unpaid' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await deliverApplied(
          sessionCompletedEvent('evt_pay3f', {
            id: 'cs_pay3',
            invitationCode: 'JN-PAY003',
            type: 'checkout.session.async_payment_failed',
            paymentStatus: 'unpaid',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await payments(accountId)).toEqual([]);
    expect(
      (await t.db.selectFrom('accounts').select('memberAt').where('id', '=', accountId).executeTakeFirstOrThrow())
        .memberAt,
    ).toBeNull();
  });
});

describe('the tickler on real pledges', () => {
  it('reaches a pledge unpaid 3 days later once, and never one that paid', async () => {
    const unpaid = await pledged('JN-TICK01', 'tick1@example.edu');
    const paidOne = await pledged('JN-TICK02', 'tick2@example.edu');
    const cs = await w.checkout('JN-TICK02');
    await deliverApplied(sessionCompletedEvent('evt_tick2', { id: cs, invitationCode: 'JN-TICK02' }));
    const jobs = recordingJobs();
    const later = { now: new Date(Date.now() + 3.1 * 86_400_000) };
    await runTickler(t.db, jobs, later);
    await runTickler(t.db, jobs, later);
    const sends = await t.db
      .selectFrom('emailSends')
      .select(['inviteeId'])
      .where('source', '=', 'invitation_tickler')
      .where('inviteeId', 'in', [...unpaid.inviteeIds, ...paidOne.inviteeIds])
      .execute();
    expect(sends).toEqual([{ inviteeId: unpaid.inviteeIds[0] }]);
    // Not before 3 days.
    const early = await pledged('JN-TICK03', 'tick3@example.edu');
    await runTickler(t.db, jobs, { now: new Date(Date.now() + 2 * 86_400_000) });
    expect(
      await t.db
        .selectFrom('emailSends')
        .select('id')
        .where('source', '=', 'invitation_tickler')
        .where('inviteeId', '=', early.inviteeIds[0]!)
        .execute(),
    ).toEqual([]);
  });
});
