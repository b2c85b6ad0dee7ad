import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSigningCertificate } from './test/sns.js';
import { productionEnv as production } from './test/production-env.js';

/** The lines of the error loadConfig stops with (none when it accepts the settings). */
function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    return (err as Error).message
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
  }
}

describe('production refuses unsafe defaults', () => {
  it('accepts a complete production configuration, secure cookies by default', () => {
    expect(problems(production)).toEqual([]);
    expect(loadConfig(production).COOKIE_SECURE).toBe(true);
    // Plain http on purpose (a PUBLIC_URL that is not https): cookies without Secure are allowed.
    expect(
      loadConfig({ ...production, PUBLIC_URL: 'http://admin.society.example', COOKIE_SECURE: 'false' }).COOKIE_SECURE,
    ).toBe(false);
  });

  it.each([
    ['DATABASE_URL', 'DATABASE_URL: required in production (the embedded PostgreSQL is for trying the product out)'],
    ['SMTP_URL', 'SMTP_URL: required in production, or EMAIL_OUTBOX=true to keep every email in the outbox on purpose'],
    [
      'PUBLIC_URL',
      'PUBLIC_URL: required in production: the address people reach the product at (links in emails point there)',
    ],
  ])('stops without %s, with one line naming it', (name, line) => {
    expect(problems({ ...production, [name]: undefined })).toEqual([line]);
    expect(problems({ ...production, [name]: '  ' })).toContain(line);
  });

  it('names every missing setting at once, one line each', () => {
    expect(problems({ NODE_ENV: 'production' }).map((l) => l.split(':')[0])).toEqual([
      'DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'SECRETS_KEY',
    ]);
  });

  it.each([
    'http://localhost:3000',
    'https://LOCALHOST',
    'http://admin.localhost',
    'http://127.0.0.1:3000',
    'http://[::1]:3000',
    'http://0.0.0.0',
  ])('refuses a PUBLIC_URL on localhost (%s)', (url) => {
    expect(problems({ ...production, PUBLIC_URL: url })).toEqual([
      "PUBLIC_URL: must not be on localhost in production: links in emails would point at the reader's own machine",
    ]);
  });

  it('lets EMAIL_OUTBOX=true choose the outbox on purpose, but not beside SMTP_URL', () => {
    expect(problems({ ...production, SMTP_URL: undefined, EMAIL_OUTBOX: 'true' })).toEqual([]);
    expect(loadConfig({ ...production, SMTP_URL: undefined, EMAIL_OUTBOX: 'true' }).EMAIL_OUTBOX).toBe(true);
    expect(problems({ ...production, EMAIL_OUTBOX: 'true' })).toEqual([
      'EMAIL_OUTBOX: true keeps every email in the outbox, yet SMTP_URL is set: unset one of them',
    ]);
    expect(problems({ ...production, SMTP_URL: undefined, EMAIL_OUTBOX: 'yes' })).toContain(
      "EMAIL_OUTBOX: must be 'true' or 'false'",
    );
  });

  it('stops without SECRETS_KEY (the key of second-factor secrets stays out of the database)', () => {
    expect(problems({ ...production, SECRETS_KEY: undefined })).toEqual([
      'SECRETS_KEY: required in production: the key that seals second-factor secrets, kept out of the database (openssl rand -base64 32)',
    ]);
    expect(problems({ ...production, SECRETS_KEY: 'short' })).toEqual([
      'SECRETS_KEY: must be at least 32 characters (e.g. openssl rand -base64 32)',
    ]);
  });

  it('refuses COOKIE_SECURE=false with an https PUBLIC_URL', () => {
    expect(problems({ ...production, COOKIE_SECURE: 'false' })).toEqual([
      'COOKIE_SECURE: false with an https PUBLIC_URL sends the session cookie without Secure: remove it (a TLS proxy in front still needs Secure cookies)',
    ]);
    expect(problems({ ...production, COOKIE_SECURE: 'true' })).toEqual([]);
  });

  it("refuses a STRIPE_API_URL other than Stripe's own", () => {
    expect(problems({ ...production, STRIPE_API_URL: 'https://stripe.attacker.example' })).toEqual([
      'STRIPE_API_URL: must be https://api.stripe.com in production (another server would see every payment)',
    ]);
    expect(problems({ ...production, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toHaveLength(1);
    expect(problems({ ...production, STRIPE_API_URL: 'https://api.stripe.com/' })).toEqual([]);
    // Tests and development may point it at a local stand-in.
    expect(problems({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual([]);
  });

  it("refuses compose.yaml's example POSTGRES_PASSWORD in DATABASE_URL", () => {
    expect(problems({ ...production, DATABASE_URL: 'postgres://app:change-me@postgres:5432/app' })).toEqual([
      "DATABASE_URL: its password is compose.yaml's example one: set POSTGRES_PASSWORD to a secret of your own",
    ]);
    expect(problems({ ...production, DATABASE_URL: 'postgres://app:Xq7-long-secret@postgres:5432/app' })).toEqual([]);
  });

  it('refuses SNS_TRUSTED_CERT_PREFIXES (for tests only)', () => {
    expect(problems({ ...production, SNS_TRUSTED_CERT_PREFIXES: 'http://127.0.0.1:8443/' })).toEqual([
      'SNS_TRUSTED_CERT_PREFIXES: for tests only: production takes SNS certificates from AWS alone',
    ]);
  });

  it('takes SNS_SIGNING_CERTS (pinned SNS certificates, nothing fetched) in production, a PEM file only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sns-pins-'));
    try {
      writeFileSync(join(dir, 'sns.pem'), makeSigningCertificate().certPem);
      writeFileSync(join(dir, 'empty.pem'), 'nothing');
      expect(problems({ ...production, SNS_SIGNING_CERTS: join(dir, 'sns.pem') })).toEqual([]);
      expect(problems({ ...production, SNS_SIGNING_CERTS: join(dir, 'empty.pem') })).toEqual([
        'SNS_SIGNING_CERTS: must be a PEM file of certificates',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks nothing of a development or test start', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ NODE_ENV: 'test' })).toEqual([]);
    expect(problems({ PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
  });
});

describe('mail provider settings', () => {
  it('reads EMAIL_PROVIDER, SNS topics and trusted prefixes as lists, and needs 16 characters of webhook secrets', () => {
    const config = loadConfig({
      EMAIL_PROVIDER: 'ses',
      SNS_TOPIC_ARNS: 'arn:aws:sns:us-east-1:123456789012:a, arn:aws:sns:eu-west-1:123456789012:b',
      SNS_TRUSTED_CERT_PREFIXES: 'http://127.0.0.1:9/',
    });
    expect(config).toMatchObject({
      EMAIL_PROVIDER: 'ses',
      SNS_TOPIC_ARNS: ['arn:aws:sns:us-east-1:123456789012:a', 'arn:aws:sns:eu-west-1:123456789012:b'],
      SNS_TRUSTED_CERT_PREFIXES: ['http://127.0.0.1:9/'],
    });
    expect(loadConfig({}).EMAIL_PROVIDER).toBe('smtp');
    expect(problems({ EMAIL_PROVIDER: 'sparkpost' })).toEqual([
      'EMAIL_PROVIDER: must be one of smtp, ses, mandrill, sendgrid, postmark',
    ]);
    expect(problems({ SNS_TOPIC_ARNS: 'my-topic' })).toEqual([
      'SNS_TOPIC_ARNS: must be comma-separated SNS topic ARNs',
    ]);
    expect(problems({ EMAIL_WEBHOOK_SECRET: 'short-secret' })).toEqual([
      'EMAIL_WEBHOOK_SECRET: must be at least 16 characters',
    ]);
    expect(problems({ POSTMARK_WEBHOOK_USER: 'hooks', POSTMARK_WEBHOOK_PASSWORD: 'short' })).toEqual([
      'POSTMARK_WEBHOOK_PASSWORD: must be at least 16 characters',
    ]);
  });
});
