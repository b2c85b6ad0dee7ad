import type { ProviderEvent, WebhookRequest } from '../webhook-events.js';

export const EMAIL_PROVIDERS = ['smtp', 'ses', 'mandrill', 'sendgrid', 'postmark'] as const;
export type EmailProviderName = (typeof EMAIL_PROVIDERS)[number];

/** The settings providers read (server/src/config.ts). */
export type ProviderConfig = {
  EMAIL_PROVIDER?: EmailProviderName | undefined;
  PUBLIC_URL?: string | undefined;
  PORT: number;
  EMAIL_WEBHOOK_SECRET?: string | undefined;
  SES_CONFIGURATION_SET?: string | undefined;
  SNS_TOPIC_ARNS?: string[] | undefined;
  SNS_TRUSTED_CERT_PREFIXES?: string[] | undefined;
  /** A PEM file of SNS signing certificates: the only ones SNS messages are verified with (nothing fetched). */
  SNS_SIGNING_CERTS?: string | undefined;
  SENDGRID_WEBHOOK_PUBLIC_KEY?: string | undefined;
  POSTMARK_WEBHOOK_USER?: string | undefined;
  POSTMARK_WEBHOOK_PASSWORD?: string | undefined;
};

/** The account's sending limits, as SES reports them (GetAccount's SendQuota). */
export type SendQuota = { max24HourSend: number; sentLast24Hours: number; maxSendRate: number };

/** What a verified webhook call held: events to apply (queued), and how many items it carried. */
export type WebhookRead = { events: ProviderEvent[]; received: number };

/**
 * A provider's event webhook (`POST /api/public/email/<provider>`): refused before its body is read
 * unless `configured` and one of `signatureHeaders` is present; then `read` verifies the call and
 * parses its events, answering 'forbidden' (403, nothing changed) or 'bad-body' (400). Verified events
 * are queued for `apply-email-events` (batches), or applied at once (`applyInline`).
 */
export interface EventWebhook {
  readonly signatureHeaders: readonly string[];
  /**
   * Apply the events in the request instead of queueing them: for providers that post one event per call
   * (SNS), where a job per event would cost more than the event; a failure answers 500 and the provider
   * delivers the call again.
   */
  readonly applyInline?: boolean;
  configured(config: ProviderConfig): boolean;
  read(req: WebhookRequest, config: ProviderConfig): Promise<WebhookRead | 'forbidden' | 'bad-body'>;
}

/**
 * One email provider: what its messages carry (headers naming the send, so events find it), the id its
 * SMTP interface answers with, its quota when it has one to ask, and its event webhook. Adding a
 * provider is one module implementing this, listed in providers/index.ts.
 */
export interface MailProvider {
  readonly name: EmailProviderName;
  /** Headers a message of send `sendId` carries for this provider. */
  headers(sendId: number, config: ProviderConfig): Record<string, string>;
  /** The provider's own id of an accepted message, from the SMTP reply (null when it gives none we use). */
  messageIdFromReply(reply: string): string | null;
  /** The account's current limits (SES); absent: the EMAIL_DAILY_QUOTA and EMAIL_RATE_PER_SECOND settings rule. */
  quota?(config: ProviderConfig): Promise<SendQuota>;
  readonly webhook?: EventWebhook;
}

/** A non-empty string field of a provider's payload, else null. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
/** An object field of a provider's payload, else an empty object. */
export const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** The first value of a request header. */
export const firstHeader = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};
