import Stripe from 'stripe';

type StripeSettings = { STRIPE_SECRET_KEY?: string | undefined; STRIPE_API_URL: string };

/** Whether card payments can be taken: a Stripe secret key is configured. */
export const paymentConfigured = (config: { STRIPE_SECRET_KEY?: string | undefined }) =>
  Boolean(config.STRIPE_SECRET_KEY);

const clients = new Map<string, Stripe>();

/**
 * The official client for the configured key, talking to STRIPE_API_URL (Stripe's own, or any
 * Stripe-compatible server: the tests run one locally). No automatic retries: a checkout is created with
 * an idempotency key, so the payer's next click is the retry.
 */
export function stripeClient(config: StripeSettings): Stripe {
  const key = config.STRIPE_SECRET_KEY;
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  const cacheKey = `${config.STRIPE_API_URL} ${key}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const url = new URL(config.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(key, {
      host: url.hostname,
      port: Number(url.port || (protocol === 'http' ? 80 : 443)),
      protocol,
      maxNetworkRetries: 0,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(cacheKey, client);
  }
  return client;
}
