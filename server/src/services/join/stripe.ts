/** Whether card payments can be taken: a Stripe secret key is configured. */
export const paymentConfigured = (config: { STRIPE_SECRET_KEY?: string | undefined }) => Boolean(config.STRIPE_SECRET_KEY);
