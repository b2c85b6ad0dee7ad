import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailEventName } from '../../../db/tables/email.js';
import type { ProviderEvent, WebhookRequest } from '../webhook-events.js';
import { publicBaseUrl } from '../tracking.js';
import { firstHeader, str, type MailProvider } from './provider.js';

const NAMES: Record<string, EmailEventName> = {
  send: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  open: 'opened',
  opened: 'opened',
  click: 'clicked',
  clicked: 'clicked',
  deferral: 'deferred',
  deferred: 'deferred',
  reject: 'rejected',
  rejected: 'rejected',
  soft_bounce: 'bounced_soft',
  hard_bounce: 'bounced_hard',
  spam: 'spam',
  unsub: 'unsub',
};

export const WEBHOOK_PATH = '/api/public/email/webhook';

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Mandrill's X-Mandrill-Signature: base64 HMAC-SHA1 of the webhook URL followed by each POST field's name and value, in name order. */
export function mandrillSignature(key: string, url: string, fields: Record<string, string>): string {
  const signed =
    url +
    Object.keys(fields)
      .sort()
      .map((k) => k + fields[k])
      .join('');
  return createHmac('sha1', key).update(signed).digest('base64');
}

/** Our JSON scheme: `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body>`. */
export const bodySignature = (key: string, rawBody: string | Buffer) =>
  `sha256=${createHmac('sha256', key).update(rawBody).digest('hex')}`;

/**
 * Checks a webhook call's signature and reads its events: a form post with `mandrill_events` signed
 * Mandrill's way, or a JSON array (or `{mandrill_events: [...]}`) signed with X-Webhook-Signature.
 * Answers null for a missing or wrong signature (or no secret configured).
 */
export function readWebhook(
  secret: string | undefined,
  req: WebhookRequest,
): { events: unknown[] } | null | 'bad-body' {
  if (!secret) return null;
  const raw = req.rawBody.toString('utf8');
  if (/^application\/x-www-form-urlencoded/i.test(req.contentType)) {
    const fields = Object.fromEntries(new URLSearchParams(raw));
    const given = firstHeader(req.headers, 'x-mandrill-signature');
    if (!given || !safeEqual(given, mandrillSignature(secret, req.url, fields))) return null;
    return parseEvents(fields.mandrill_events);
  }
  const given = firstHeader(req.headers, 'x-webhook-signature');
  if (!given || !safeEqual(given, bodySignature(secret, req.rawBody))) return null;
  return parseEvents(raw);
}

function parseEvents(text: string | undefined): { events: unknown[] } | 'bad-body' {
  if (text === undefined) return 'bad-body';
  try {
    const parsed: unknown = JSON.parse(text);
    const events = Array.isArray(parsed) ? parsed : (parsed as { mandrill_events?: unknown })?.mandrill_events;
    if (typeof events === 'string') return parseEvents(events);
    return Array.isArray(events) ? { events } : 'bad-body';
  } catch {
    return 'bad-body';
  }
}

/** A Mandrill-style event in our shape, or null for kinds we do not track (sync events, unknown names). */
export function toProviderEvent(raw: unknown): ProviderEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  const name = NAMES[String(e.event ?? e.type ?? '')];
  if (!name) return null;
  const msg = (e.msg && typeof e.msg === 'object' ? e.msg : {}) as Record<string, unknown>;
  const metadata = (msg.metadata && typeof msg.metadata === 'object' ? msg.metadata : (e.metadata ?? {})) as Record<
    string,
    unknown
  >;
  const sendIdRaw = metadata.send_id ?? metadata.sendId ?? e.send_id ?? e.sendId;
  const sendId = Number(sendIdRaw);
  const ts = Number(e.ts ?? msg.ts);
  const at = Number.isFinite(ts) && ts > 0 ? new Date(ts * 1000) : new Date();
  const url = str(e.url);
  const baseId = str(e.id) ?? str(e.event_id);
  const messageKey = str(e._id) ?? str(msg._id);
  const id =
    baseId ??
    (messageKey ? `${messageKey}:${String(e.event)}:${Number.isFinite(ts) ? ts : ''}${url ? `:${url}` : ''}` : null);
  if (!id) return null;
  const headers = (msg.headers && typeof msg.headers === 'object' ? msg.headers : {}) as Record<string, unknown>;
  return {
    id: id.slice(0, 500),
    name,
    at: (isNaN(at.getTime()) ? new Date() : at).toISOString(),
    sendId: Number.isSafeInteger(sendId) && sendId > 0 ? sendId : null,
    messageId: str(e.message_id) ?? str(msg.message_id) ?? str(headers['Message-Id']) ?? str(headers['Message-ID']),
    url,
    ip: str(e.ip),
    userAgent: str(e.user_agent),
    message: str(msg.bounce_description) ?? str(msg.diag) ?? str(e.description) ?? str(e.reason),
  };
}

/**
 * Mailchimp Transactional (Mandrill), through its SMTP interface: `X-MC-Metadata` names the send; its
 * webhook (POST /api/public/email/webhook, form field mandrill_events signed with X-Mandrill-Signature,
 * or a JSON array signed with X-Webhook-Signature) with the key EMAIL_WEBHOOK_SECRET.
 */
export const mandrill: MailProvider = {
  name: 'mandrill',
  headers: (sendId) => ({ 'X-MC-Metadata': JSON.stringify({ send_id: sendId }) }),
  messageIdFromReply: () => null,
  webhook: {
    signatureHeaders: ['x-mandrill-signature', 'x-webhook-signature'],
    configured: (config) => !!config.EMAIL_WEBHOOK_SECRET,
    async read(req, config) {
      const read = readWebhook(config.EMAIL_WEBHOOK_SECRET, { ...req, url: publicBaseUrl(config) + WEBHOOK_PATH });
      if (read === null) return 'forbidden';
      if (read === 'bad-body') return 'bad-body';
      return {
        events: read.events.map(toProviderEvent).filter((e): e is ProviderEvent => e !== null),
        received: read.events.length,
      };
    },
  },
};
