/** Settings a production start requires (config.ts refuses it without them), for tests that start as production. */
export const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db.internal:5432/app',
  SMTP_URL: 'smtp://relay.internal:587',
  PUBLIC_URL: 'https://admin.society.example',
  SECRETS_KEY: 'test-secrets-key-0123456789abcdefghijklmnop',
} as const;
