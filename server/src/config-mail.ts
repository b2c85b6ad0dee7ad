import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { flag } from './config-fields.js';

/** A percentage, '5' or '5%', as a number of percent (0 to 100). */
const percent = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?%?$/, "must be a percentage, e.g. '5' or '0.1%'")
  .transform((v) => Number(v.replace('%', '')))
  .refine((v) => v <= 100, 'must be at most 100');
const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

/** The settings of sending mail: transport, pace, deliverability guards, signing, providers and their webhooks (docs/mail.md). */
export const mailSettings = {
  // Mail: an smtp(s):// URL (nodemailer, pooled); unset = the local outbox table staff read in the UI.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/./, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // true: keep every email in the outbox on purpose (production otherwise needs SMTP_URL).
  EMAIL_OUTBOX: flag.default('false'),
  EMAIL_RATE_PER_SECOND: z.coerce.number({ message: 'must be a number' }).positive().max(100_000).default(50),
  EMAIL_DAILY_QUOTA: z.coerce.number({ message: 'must be a number' }).int().positive().default(100_000),
  // SMTP connections a delivery pass opens: its messages in flight, so also what a crash may send twice.
  EMAIL_SMTP_CONNECTIONS: z.coerce.number({ message: 'must be a number' }).int().positive().max(200).default(10),
  // Per recipient domain (or hosting organisation): a cap in messages a minute (unset: uncapped, slowed only when it defers),
  // and how long a domain may defer every message before its sends fail (services/deliverability).
  EMAIL_DOMAIN_RATE: z.coerce.number({ message: 'must be a number' }).positive().optional(),
  EMAIL_DOMAIN_GIVE_UP_HOURS: z.coerce.number({ message: 'must be a number' }).positive().default(48),
  // The day the sending domain or IP started (YYYY-MM-DD): the daily volume follows the warm-up schedule from it.
  EMAIL_WARMUP_START: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .optional(),
  // Bounce and complaint guards (services/deliverability/guard-pauses.ts): rates in percent ('5' or '5%') above which new
  // reminders of a campaign (or all) pause, judged over at least EMAIL_PAUSE_MIN_SENDS sends in the window.
  EMAIL_PAUSE_BOUNCE_RATE: percent.default('5'),
  EMAIL_PAUSE_COMPLAINT_RATE: percent.default('0.1'),
  EMAIL_PAUSE_MIN_SENDS: z.coerce.number({ message: 'must be a number' }).int().positive().default(500),
  // DKIM signing of what leaves over SMTP (nodemailer's signer): all three, or none. The key in PEM (\n for line breaks).
  DKIM_DOMAIN: z.string().trim().toLowerCase().min(1).optional(),
  DKIM_SELECTOR: z.string().trim().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  // The DNS server recipient domains' MX records are looked up on (host or host:port; unset: the system's). For tests.
  DNS_SERVER: z.string().trim().min(1).optional(),
  // HMAC key the provider signs webhook batches with; unset = the webhook refuses every call (403).
  EMAIL_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Which provider SMTP_URL reaches (server/src/services/mail/providers): the headers messages carry, the id its reply names, its quota.
  EMAIL_PROVIDER: z
    .enum(['smtp', 'ses', 'mandrill', 'sendgrid', 'postmark'], {
      message: 'must be one of smtp, ses, mandrill, sendgrid, postmark',
    })
    .default('smtp'),
  // SES: the configuration set whose event destination is the SNS topic (X-SES-CONFIGURATION-SET).
  SES_CONFIGURATION_SET: z.string().trim().min(1).optional(),
  // SES events: the SNS topics POST /api/public/email/ses accepts (comma-separated ARNs); unset = it refuses every call.
  SNS_TOPIC_ARNS: commaList
    .refine(
      (arns) => arns.every((a) => /^arn:aws[\w-]*:sns:[\w-]+:\d{12}:[\w-]+$/.test(a)),
      'must be comma-separated SNS topic ARNs',
    )
    .optional(),
  // For tests only (refused in production): URL prefixes (e.g. http://127.0.0.1:8443/) trusted for SNS certificates and subscription addresses besides https://sns.<region>.amazonaws.com.
  SNS_TRUSTED_CERT_PREFIXES: commaList.optional(),
  // SES events: a PEM file of SNS's signing certificates, the only ones SNS messages are then verified with (nothing is
  // fetched from AWS: a server with no way out, or pinned certificates). Legitimate in production, unlike the prefixes above.
  SNS_SIGNING_CERTS: z
    .string()
    .trim()
    .refine(
      (p) => existsSync(p) && readFileSync(p, 'utf8').includes('BEGIN CERTIFICATE'),
      'must be a PEM file of certificates',
    )
    .optional(),
  // SendGrid's signed Event Webhook: its verification key (base64 DER or PEM); unset = POST /api/public/email/sendgrid refuses every call.
  SENDGRID_WEBHOOK_PUBLIC_KEY: z
    .string()
    .trim()
    .min(40, 'must be the webhook verification key SendGrid shows')
    .optional(),
  // Postmark's webhooks: the basic credentials put in the webhook's URL; unset = POST /api/public/email/postmark refuses every call.
  POSTMARK_WEBHOOK_USER: z.string().min(1).optional(),
  POSTMARK_WEBHOOK_PASSWORD: z.string().min(16, 'must be at least 16 characters').optional(),
};
