import { createHmac } from 'node:crypto';
import { startFakeHttpServer } from './fake-http-server.js';

/**
 * For tests: a Stripe-compatible API on 127.0.0.1 answering `POST /v1/checkout/sessions` (form-encoded, as the
 * official client sends it) with a session whose url is this server's own hosted page, `/pay/{id}`, and
 * `stripeSignature`, which signs an event body the way Stripe does (`t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`),
 * computed here independently of the product's code.
 */
export async function startFakeStripe() {
  let n = 0;
  const sessions = new Map<string, Record<string, string>>();
  const fake = await startFakeHttpServer(
    (call) => {
      if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
        const form = Object.fromEntries(new URLSearchParams(call.raw));
        const id = `cs_test_${++n}`;
        sessions.set(id, form);
        return {
          body: {
            id,
            object: 'checkout.session',
            url: `${fake.url}/pay/${id}`,
            amount_total: Number(form['line_items[0][price_data][unit_amount]']),
            currency: form['line_items[0][price_data][currency]'],
            metadata: { invitationCode: form['metadata[invitationCode]'] },
            payment_status: 'unpaid',
          },
        };
      }
      return {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${call.method}: ${call.path})` },
        },
      };
    },
    (headers) => headers.authorization?.replace(/^Bearer /, ''),
  );
  return { ...fake, sessions };
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
        currency: 'usd',
        client_reference_id: session.invitationCode,
        metadata: { invitationCode: session.invitationCode },
        payment_intent: session.paymentIntent ?? `pi_${session.id}`,
        created: Math.floor(Date.now() / 1000),
      },
    },
  });
}
