import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EmailEventName } from '../../db/tables/email.js';
import { recordEmailEvents, type EmailEventInput } from './events.js';
import { isAutomatedClick, isAutomatedOpen } from './tracking.js';

/**
 * A provider event reduced to what we keep (what the webhook queues for `apply-email-events`).
 * `id` is the provider's event id, or, for Mandrill (whose `_id` names the message, shared by all its
 * events), `_id:event:ts[:url]`: the same event delivered twice has the same id and is applied once.
 */
export type ProviderEvent = {
  id: string;
  name: EmailEventName;
  at: string;
  sendId: number | null;
  /** Our Message-ID. */
  messageId: string | null;
  /** The provider's own id of the message (SES's, SendGrid's, Postmark's): matched when nothing else names the send. */
  providerMessageId?: string | null;
  url: string | null;
  ip: string | null;
  userAgent: string | null;
  message: string | null;
  /** The provider says this open was a machine's (SendGrid's sg_machine_open). */
  machine?: boolean;
};

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

export type WebhookRequest = {
  rawBody: Buffer;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  url: string;
};

const header = (h: WebhookRequest['headers'], name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

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
    const given = header(req.headers, 'x-mandrill-signature');
    if (!given || !safeEqual(given, mandrillSignature(secret, req.url, fields))) return null;
    return parseEvents(fields.mandrill_events);
  }
  const given = header(req.headers, 'x-webhook-signature');
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

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

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
 * Applies provider events: each is matched to its send (metadata send_id, else our Message-ID, else the provider's message id),
 * opens and clicks by proxies and scanners marked automated, then recorded (see recordEmailEvents).
 */
export async function applyProviderEvents(
  db: Db,
  events: ProviderEvent[],
): Promise<{ received: number; applied: number; unmatched: number }> {
  const ids = [...new Set(events.flatMap((e) => (e.sendId ? [e.sendId] : [])))];
  const messageIds = [...new Set(events.flatMap((e) => (!e.sendId && e.messageId ? [e.messageId] : [])))];
  const providerIds = [
    ...new Set(events.flatMap((e) => (!e.sendId && !e.messageId && e.providerMessageId ? [e.providerMessageId] : []))),
  ];
  const sends =
    ids.length || messageIds.length || providerIds.length
      ? await db
          .selectFrom('emailSends')
          .select(['id', 'messageId', 'providerMessageId', 'sendAt'])
          .where((eb) =>
            eb.or([
              ...(ids.length ? [eb(sql`id`, '=', sql`any(${ids}::bigint[])`)] : []),
              ...(messageIds.length ? [eb(sql`message_id`, '=', sql`any(${messageIds}::text[])`)] : []),
              ...(providerIds.length ? [eb(sql`provider_message_id`, '=', sql`any(${providerIds}::text[])`)] : []),
            ]),
          )
          .execute()
      : [];
  const byId = new Map(sends.map((s) => [s.id, s]));
  const byMessageId = new Map(sends.flatMap((s) => (s.messageId ? [[s.messageId, s] as const] : [])));
  const byProviderId = new Map(sends.flatMap((s) => (s.providerMessageId ? [[s.providerMessageId, s] as const] : [])));
  const inputs: EmailEventInput[] = [];
  let unmatched = 0;
  for (const e of events) {
    const send = e.sendId
      ? byId.get(e.sendId)
      : e.messageId
        ? byMessageId.get(e.messageId)
        : e.providerMessageId
          ? byProviderId.get(e.providerMessageId)
          : undefined;
    if (!send) {
      unmatched++;
      continue;
    }
    const at = new Date(e.at);
    const automated =
      e.name === 'opened'
        ? e.machine === true || isAutomatedOpen({ userAgent: e.userAgent, ip: e.ip })
        : e.name === 'clicked'
          ? isAutomatedClick({ userAgent: e.userAgent, method: 'GET', sentAt: send.sendAt, at })
          : false;
    inputs.push({
      sendId: send.id,
      name: e.name,
      eventAt: at,
      link: e.url,
      ipAddress: e.ip,
      userAgent: e.userAgent,
      message: e.message,
      automated,
      providerEventId: `provider:${e.id}`,
    });
  }
  const applied = await db.transaction().execute((trx) => recordEmailEvents(trx, inputs));
  return { received: events.length, applied, unmatched };
}
