import { createHmac } from 'node:crypto';
import { startFakeHttpServer } from './fake-http-server.js';

/** Where paying on the hosted page delivers its event: the product's webhook URL and its signing secret. */
export type FakeStripeWebhook = { url: string; secret: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string, status = 200) => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;padding:24px;color:#1a1f36}main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px #0002}
button{width:100%;padding:12px;font-size:16px;background:#635bff;color:#fff;border:0;border-radius:6px;cursor:pointer}.amount{font-size:32px;font-weight:600;margin:8px 0 16px}a{color:#635bff}</style></head>
<body><main>${body}</main></body></html>`,
});

/** The amount as the hosted page shows it, '$95.00'. */
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/**
 * For tests: a Stripe-compatible API on 127.0.0.1 answering `POST /v1/checkout/sessions` (form-encoded, as the
 * official client sends it) with a session whose url is this server's own hosted Checkout page, `/pay/{id}`,
 * and `stripeSignature`, which signs an event body the way Stripe does (`t=<unix>,v1=<hex HMAC-SHA256 of
 * "t.body">`), computed here independently of the product's code. The hosted page (GET /pay/{id}) shows the
 * amount and a Pay button; paying (POST /pay/{id}) delivers a signed checkout.session.completed event to
 * `webhook` and, once the product has answered 2xx, sends the browser to the session's success_url.
 * Also, as Stripe does: the same Idempotency-Key gets the same session; `POST /v1/checkout/sessions/{id}/expire`
 * expires an open session (400 for one paid or expired already; its hosted page then refuses to pay); and
 * `POST /v1/refunds` refunds a payment intent (recorded in `refunds`).
 */
export async function startFakeStripe(options: { webhook?: FakeStripeWebhook } = {}) {
  let n = 0;
  const sessions = new Map<string, Record<string, string>>();
  /** The ids of the sessions paid on the hosted page, and of those expired. */
  const paid = new Set<string>();
  const expired = new Set<string>();
  const byIdempotencyKey = new Map<string, string>();
  /** The refunds asked for: payment intent, amount (all of it when absent) and idempotency key. */
  const refunds: Array<{ paymentIntent: string; amount?: number; idempotencyKey?: string }> = [];
  const stripeError = (status: number, message: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', message } },
  });
  const sessionBody = (id: string, form: Record<string, string>) => ({
    id,
    object: 'checkout.session',
    url: `${fake.url}/pay/${id}`,
    amount_total: amountOf(form),
    currency: currencyOf(form),
    metadata: { invitationCode: form['metadata[invitationCode]'] },
    payment_status: paid.has(id) ? 'paid' : 'unpaid',
    status: expired.has(id) ? 'expired' : paid.has(id) ? 'complete' : 'open',
  });

  const amountOf = (form: Record<string, string>) => Number(form['line_items[0][price_data][unit_amount]']);
  const currencyOf = (form: Record<string, string>) => form['line_items[0][price_data][currency]'] ?? 'usd';

  /** Pays session `id`: the signed event to the webhook, then the redirect to success_url. */
  async function pay(id: string, form: Record<string, string>) {
    if (!options.webhook) return page('Not configured', '<p>This fake Stripe has no webhook to deliver to.</p>', 409);
    if (expired.has(id)) return page('Expired', '<p>This Checkout Session has expired.</p>', 409);
    const body = sessionCompletedEvent(`evt_test_${++n}`, {
      id,
      invitationCode: form['metadata[invitationCode]'] ?? form.client_reference_id ?? '',
      amountCents: amountOf(form),
      currency: currencyOf(form),
    });
    const res = await fetch(options.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(body, options.webhook.secret),
      },
      body,
    });
    if (!res.ok) {
      const text = await res.text();
      return page('Webhook failed', `<p>The webhook answered ${res.status}: ${escapeHtml(text)}</p>`, 502);
    }
    paid.add(id);
    const success = (form.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', id);
    return { status: 303, headers: { location: success, 'content-type': 'text/plain' }, body: '' };
  }

  const fake = await startFakeHttpServer(
    (call) => {
      if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
        const key = call.headers['idempotency-key'];
        const again = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (again) return { body: sessionBody(again, sessions.get(again)!) };
        const form = Object.fromEntries(new URLSearchParams(call.raw));
        const id = `cs_test_${++n}`;
        sessions.set(id, form);
        if (typeof key === 'string') byIdempotencyKey.set(key, id);
        return { body: sessionBody(id, form) };
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(call.path);
      if (call.method === 'POST' && expire) {
        const id = expire[1]!;
        const form = sessions.get(id);
        if (!form) return stripeError(404, `No such checkout.session: '${id}'`);
        if (paid.has(id) || expired.has(id))
          return stripeError(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
        expired.add(id);
        return { body: sessionBody(id, form) };
      }
      if (call.method === 'POST' && call.path === '/v1/refunds') {
        const form = Object.fromEntries(new URLSearchParams(call.raw));
        const key = call.headers['idempotency-key'];
        if (!form.payment_intent) return stripeError(400, 'Missing required param: payment_intent.');
        refunds.push({
          paymentIntent: form.payment_intent,
          ...(form.amount ? { amount: Number(form.amount) } : {}),
          ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
        });
        return {
          body: { id: `re_test_${++n}`, object: 'refund', payment_intent: form.payment_intent, status: 'succeeded' },
        };
      }
      const hosted = /^\/pay\/([\w-]+)$/.exec(call.path);
      const form = hosted && sessions.get(hosted[1]!);
      if (hosted && !form) return page('Not found', '<p>No such Checkout Session.</p>', 404);
      if (hosted && form && call.method === 'GET') {
        const id = hosted[1]!;
        return page(
          'Pay - Checkout',
          `<h1>Pay ${escapeHtml(form['line_items[0][price_data][product_data][name]'] ?? 'your order')}</h1>
<p class="amount">${escapeHtml(money(amountOf(form), currencyOf(form)))}</p>
<p>${escapeHtml(form.customer_email ?? '')}</p>
<form method="post" action="/pay/${id}"><button type="submit">Pay</button></form>
${form.cancel_url ? `<p><a href="${escapeHtml(form.cancel_url)}">Back</a></p>` : ''}`,
        );
      }
      if (hosted && form && call.method === 'POST') return pay(hosted[1]!, form);
      return {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${call.method}: ${call.path})` },
        },
      };
    },
    (headers) => headers.authorization?.replace(/^Bearer /, ''),
  );
  return { ...fake, sessions, paid, expired, refunds };
}

/** The Stripe-Signature header of `body` for `secret` at `t` (seconds). */
export function stripeSignature(body: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** A checkout.session.completed event (paid) for the fake's session. */
export function sessionCompletedEvent(
  eventId: string,
  session: {
    id: string;
    invitationCode: string;
    amountCents?: number;
    paymentIntent?: string;
    type?: string;
    paymentStatus?: string;
    currency?: string;
    /** The session's metadata; { invitationCode } when absent, none when null. */
    metadata?: Record<string, string> | null;
  },
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: session.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        payment_status: session.paymentStatus ?? 'paid',
        amount_total: session.amountCents ?? 9500,
        currency: session.currency ?? 'usd',
        client_reference_id: session.invitationCode,
        metadata:
          session.metadata === undefined ? { invitationCode: session.invitationCode } : (session.metadata ?? {}),
        payment_intent: session.paymentIntent ?? `pi_${session.id}`,
        created: Math.floor(Date.now() / 1000),
      },
    },
  });
}
