import { isIP } from 'node:net';
import { z } from 'zod';
import { flag } from './config-fields.js';
import { mailSettings } from './config-mail.js';

const port = (fallback: number) =>
  z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1).max(65535).default(fallback);

// Fastify's trustProxy: true/false, a number of hops, or comma-separated addresses/CIDRs of the proxies.
const trustProxy = z
  .string()
  .trim()
  .refine((v) => /^(true|false|\d+)$/.test(v) || v.split(',').every((a) => isIP(a.trim().split('/')[0]!) !== 0), {
    message: 'must be true, false, a number of hops or comma-separated proxy addresses',
  })
  // A hop count becomes proxy-addr's trust function, the form Fastify's types accept for it.
  .transform((v): boolean | string | ((address: string, hop: number) => boolean) => {
    if (v === 'true' || v === 'false') return v === 'true';
    if (!/^\d+$/.test(v)) return v;
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  });

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port(3000),
  DATABASE_URL: z.string().url('must be a postgres:// URL').optional(),
  EMBEDDED_PG_PORT: port(54329),
  DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.string().email('must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_RESET: flag.default('false'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // Unset: secure when NODE_ENV=production (see loadConfig).
  COOKIE_SECURE: flag.optional(),
  TRUST_PROXY: trustProxy.default('false'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // Every staff account must turn on two-factor sign-in (TOTP) at its next sign-in before any other staff call.
  REQUIRE_STAFF_2FA: flag.default('false'),
  // Wrong second-factor codes in a row (any call that takes one) before two-factor sign-in locks for TWO_FACTOR_LOCK_MINUTES.
  TWO_FACTOR_MAX_FAILURES: z.coerce.number({ message: 'must be a number' }).int().min(1).max(1000).default(10),
  TWO_FACTOR_LOCK_MINUTES: z.coerce.number({ message: 'must be a number' }).positive().max(10_080).default(15),
  // Key that seals TOTP secrets at rest (required in production); unset elsewhere = a key kept in the database.
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  // The key before SECRETS_KEY during a rotation: secrets sealed under it are sealed again under SECRETS_KEY at start.
  SECRETS_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  // GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset = 404.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // How long SIGTERM may take: requests in flight finish, jobs finish or are handed back, then exit 0.
  SHUTDOWN_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(2)
    .max(3600)
    .default(30),
  // Run the job workers inside `npm start`; false = this instance only sends jobs (`npm run worker` runs them).
  RUN_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // The society's email domain: templates' From Email and Reply To must be on it (spec 03 §5).
  EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
      'must be a domain name such as example.org',
    )
    .default('example.org'),
  // A new email template's sender (spec 03 defaults); the addresses default to invitations@ and info@ EMAIL_DOMAIN.
  EMAIL_FROM_NAME: z.string().trim().min(1).max(255).default('Honor Society'),
  EMAIL_FROM: z.string().trim().toLowerCase().email('must be an email address').optional(),
  EMAIL_REPLY_TO: z.string().trim().toLowerCase().email('must be an email address').optional(),
  // Absolute base of links in emails and public pages; unset: http://localhost:PORT.
  PUBLIC_URL: z.string().url('must be an absolute URL').optional(),
  // HMAC key of unsubscribe links; unset: generated once and kept in app_secrets.
  UNSUBSCRIBE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ...mailSettings,
  // For tests only (refused in production): 'low' hashes new passwords with argon2id at its smallest cost (a few ms
  // instead of ~100 ms of CPU and 64 MiB each), so suites that create and sign in accounts spend their time elsewhere.
  PASSWORD_HASH_COST: z.enum(['standard', 'low'], { message: "must be 'standard' or 'low'" }).default('standard'),
  // Print vendor of postal mailings: an sftp:// URL (user, password, path), else a local drop folder (default DATA_DIR/print-vendor).
  PRINT_VENDOR_SFTP_URL: z
    .string()
    .regex(/^sftp:\/\/./, 'must be an sftp:// URL')
    .optional(),
  PRINT_VENDOR_DIR: z.string().min(1).optional(),
  // The vendor's SSH host key as a SHA-256 fingerprint (`SHA256:...`, as `ssh-keygen -lf` prints it); an SFTP upload refuses any other key, and fails without it.
  PRINT_VENDOR_SFTP_HOST_KEY: z
    .string()
    .regex(/^(SHA256:)?[A-Za-z0-9+/]{43}=?$/, 'must be a SHA-256 fingerprint such as SHA256:<43 base64 characters>')
    .optional(),
  // AI chat provider: OpenAI or any OpenAI-compatible server; unset AI_API_KEY = not configured (previews and chats answer 409).
  AI_BASE_URL: z.string().url('must be an absolute URL').default('https://api.openai.com/v1'),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(100).max(300_000).default(60_000),
  AI_RETRIES: z.coerce.number({ message: 'must be a number' }).int().min(0).max(10).default(2),
  // Messages one account may send to AI chats in any 24 hours (each is a paid provider call); over it: 429.
  AI_MEMBER_DAILY_MESSAGES: z.coerce.number({ message: 'must be a number' }).int().min(0).max(100_000).default(50),
  // Audit rows older than this many days are deleted by the daily purge-audit-log job (the only delete there is).
  AUDIT_RETENTION_DAYS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(36_500).default(730),
  // Invitees who never pledged are anonymised this many days after their invitation's deadline, with their sends and
  // events; postal mailing files older than it are deleted (the nightly privacy-retention job, docs/privacy.md).
  INVITEE_RETENTION_DAYS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(36_500).default(540),
  // Every send older than this many days is anonymised (address, personalisation, subject; its flags and events stay).
  SEND_LOG_RETENTION_DAYS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(36_500).default(730),
  // AI video provider (HeyGen's template API): unset VIDEO_API_KEY = not configured (screens say so, generate answers 409).
  VIDEO_API_URL: z.string().url('must be an absolute URL').default('https://api.heygen.com'),
  VIDEO_API_KEY: z.string().min(1).optional(),
  VIDEO_API_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(100).max(120_000).default(15_000),
  VIDEO_API_RETRIES: z.coerce.number({ message: 'must be a number' }).int().min(0).max(10).default(3),
  // Seconds between status checks of a generating video (the callback, with PUBLIC_URL, answers sooner).
  VIDEO_POLL_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3600).default(30),
  // The join funnel's fee and Stripe (issue 23): unset STRIPE_SECRET_KEY = payment not set up (the landing page says so; pledges still work).
  MEMBERSHIP_FEE_CENTS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(50)
    .max(10_000_000)
    .default(9500),
  MEMBERSHIP_CURRENCY: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'must be a three-letter currency code such as usd')
    .default('usd'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.string().url('must be an absolute URL').default('https://api.stripe.com'),
});

export type Config = Omit<z.infer<typeof Env>, 'COOKIE_SECURE'> & { COOKIE_SECURE: boolean };

/** Reads and checks the environment once; a bad value stops the start with a clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  problems.push(...unsafeInProduction(env));
  if (!parsed.success || problems.length) {
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const config: Config = {
    ...parsed.data,
    COOKIE_SECURE: parsed.data.COOKIE_SECURE ?? parsed.data.NODE_ENV === 'production',
  };
  if (config.STORAGE === 's3' && !config.S3_BUCKET) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  return config;
}

const LOCAL_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1?\]|0\.0\.0\.0)$/i;

/**
 * What a development start quietly fills in and production must be told: the embedded database, the
 * outbox instead of mail, links to localhost. One line per missing setting.
 */
function unsafeInProduction(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  const problems: string[] = [];
  if (!set('DATABASE_URL'))
    problems.push('DATABASE_URL: required in production (the embedded PostgreSQL is for trying the product out)');
  if (!set('SMTP_URL') && env.EMAIL_OUTBOX !== 'true') {
    problems.push(
      'SMTP_URL: required in production, or EMAIL_OUTBOX=true to keep every email in the outbox on purpose',
    );
  }
  if (set('SMTP_URL') && env.EMAIL_OUTBOX === 'true')
    problems.push('EMAIL_OUTBOX: true keeps every email in the outbox, yet SMTP_URL is set: unset one of them');
  if (!set('PUBLIC_URL'))
    problems.push(
      'PUBLIC_URL: required in production: the address people reach the product at (links in emails point there)',
    );
  else if (URL.canParse(env.PUBLIC_URL!) && LOCAL_HOST.test(new URL(env.PUBLIC_URL!).hostname)) {
    problems.push(
      "PUBLIC_URL: must not be on localhost in production: links in emails would point at the reader's own machine",
    );
  }
  if (!set('SECRETS_KEY'))
    problems.push(
      'SECRETS_KEY: required in production: the key that seals second-factor secrets, kept out of the database (openssl rand -base64 32)',
    );
  if (env.COOKIE_SECURE === 'false' && /^https:/i.test(env.PUBLIC_URL ?? ''))
    problems.push(
      'COOKIE_SECURE: false with an https PUBLIC_URL sends the session cookie without Secure: remove it (a TLS proxy in front still needs Secure cookies)',
    );
  if (set('STRIPE_API_URL') && env.STRIPE_API_URL!.trim().replace(/\/+$/, '') !== STRIPE_API)
    problems.push(`STRIPE_API_URL: must be ${STRIPE_API} in production (another server would see every payment)`);
  if (set('SNS_TRUSTED_CERT_PREFIXES'))
    problems.push('SNS_TRUSTED_CERT_PREFIXES: for tests only: production takes SNS certificates from AWS alone');
  if (env.PASSWORD_HASH_COST === 'low')
    problems.push('PASSWORD_HASH_COST: low is for tests only: production hashes passwords at the standard cost');
  if (
    set('DATABASE_URL') &&
    URL.canParse(env.DATABASE_URL!) &&
    COMPOSE_DEFAULT_PASSWORDS.has(new URL(env.DATABASE_URL!).password)
  )
    problems.push(
      "DATABASE_URL: its password is compose.yaml's example one: set POSTGRES_PASSWORD to a secret of your own",
    );
  return problems;
}

const STRIPE_API = 'https://api.stripe.com';
/** Passwords compose.yaml's examples have shipped with: a database behind one of them is anyone's. */
const COMPOSE_DEFAULT_PASSWORDS = new Set(['change-me']);
