import { expect, vi } from 'vitest';
import { sql } from 'kysely';
import { joinSignature } from '../services/join/join-link.js';
import { makeTemplateVersion } from './mail-fixtures.js';
import { startFakeStripe, stripeSignature } from './fake-stripe.js';
import { seedJoinInvitation } from './join-fixtures.js';
import { createQueuedApp } from './queued-app.js';

export const WEBHOOK_SECRET = 'whsec_test_join_funnel_secret';

/**
 * The start of a test file about paying: a queued app (the webhook's job runs) talking to a fake Stripe, with
 * enabled welcome and tickler templates, and the steps of a payer: `pledged` (accept on the landing page),
 * `checkout` (a Checkout Session made by the product: its id), `deliver` a signed event and wait until it is
 * `applied`; and what a test looks at: the `payments` and `welcomes` of an account.
 * @example beforeAll(async () => (w = await startWebhookApp())); afterAll(() => w.close());
 */
export async function startWebhookApp() {
  const stripe = await startFakeStripe();
  const q = await createQueuedApp({
    STRIPE_SECRET_KEY: 'sk_test_join',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'https://members.example.org',
  });
  const db = q.t.db;
  for (const type of ['WelcomeEmail', 'WelcomeEmailNoPayment', 'InvitationTickler'] as const) {
    await makeTemplateVersion(db, {
      name: type,
      templateType: type,
      subject: `${type} for {{firstName}}`,
      body: '<mjml><mj-body><mj-section><mj-column><mj-text>Hi {{firstName}}</mj-text></mj-column></mj-section></mj-body></mjml>',
    });
  }
  /** Signed out, as a payer and Stripe are; `q.request` is a signed-in admin's. */
  const request: typeof q.request = (o) => q.request({ cookie: '', ...o });
  const signed = async (code: string) => `signature=${await joinSignature(db, code)}`;

  async function pledged(code: string, email: string) {
    const inv = await seedJoinInvitation(db, { invitees: [{ code, email }] });
    const res = await request({
      method: 'POST',
      url: `/api/public/join/${code}/pledge?${await signed(code)}`,
      payload: { password: 'blue-otter-42' },
    });
    expect(res.statusCode).toBe(200);
    return { ...inv, inviteeId: inv.inviteeIds[0]!, accountId: res.json().account.id as number };
  }

  /** The id of the Checkout Session the product makes for a pledged invitee (the fake's hosted page ends in it). */
  async function checkout(code: string) {
    const res = await request({ method: 'POST', url: `/api/public/join/${code}/checkout?${await signed(code)}` });
    expect(res.statusCode).toBe(200);
    return (res.json().url as string).split('/pay/')[1]!;
  }

  const deliver = (body: string, signature = stripeSignature(body, WEBHOOK_SECRET)) =>
    request({
      method: 'POST',
      url: '/api/public/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  /** Once every queued apply-stripe-events job has run (the webhook acknowledges first and applies in a job). */
  const applied = () =>
    vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pgboss.job where name = 'apply-stripe-events' and state in ('created', 'retry', 'active')`.execute(
          db,
        );
        expect(Number(rows[0]!.n)).toBe(0);
      },
      { timeout: 15_000, interval: 50 },
    );
  const deliverApplied = async (body: string) => {
    const res = await deliver(body);
    await applied();
    return res;
  };
  const welcomes = (accountId: number, sources = ['welcome_email']) =>
    db
      .selectFrom('emailSends')
      .select(['id', 'source'])
      .where('source', 'in', sources as never)
      .where('sourceId', '=', String(accountId))
      .execute();
  const payments = (accountId: number) =>
    db.selectFrom('payments').selectAll().where('accountId', '=', accountId).orderBy('id').execute();
  const memberAt = async (accountId: number) =>
    (await db.selectFrom('accounts').select('memberAt').where('id', '=', accountId).executeTakeFirstOrThrow()).memberAt;

  const close = async () => {
    await q.close();
    await stripe.close();
  };
  return {
    q,
    db,
    stripe,
    request,
    signed,
    pledged,
    checkout,
    deliver,
    applied,
    deliverApplied,
    welcomes,
    payments,
    memberAt,
    close,
  };
}
export type WebhookApp = Awaited<ReturnType<typeof startWebhookApp>>;
