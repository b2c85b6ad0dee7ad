import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { EmailEventName } from '../../../db/tables/email.js';
import type { ProviderEvent } from '../webhook-events.js';
import { str, firstHeader, type MailProvider } from './provider.js';

/**
 * SendGrid, through its SMTP interface: `X-SMTPAPI` unique_args name the send (its events carry
 * `send_id`). The signed Event Webhook (POST /api/public/email/sendgrid): ECDSA P-256 / SHA-256 over
 * the timestamp header followed by the raw body, verified with SENDGRID_WEBHOOK_PUBLIC_KEY (base64
 * DER, as SendGrid shows it); a timestamp more than MAX_AGE_SECONDS away from now is refused (replays).
 */
export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';
export const MAX_AGE_SECONDS = 600;

const NAMES: Record<string, EmailEventName> = {
  processed: 'sent',
  delivered: 'delivered',
  open: 'opened',
  click: 'clicked',
  deferred: 'deferred',
  dropped: 'rejected',
  spamreport: 'spam',
  unsubscribe: 'unsub',
  group_unsubscribe: 'unsub',
};

const keys = new Map<string, KeyObject | null>();
function publicKey(text: string): KeyObject | null {
  if (!keys.has(text)) {
    let key: KeyObject | null = null;
    try {
      key = text.includes('BEGIN PUBLIC KEY')
        ? createPublicKey(text)
        : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
    } catch {
      key = null;
    }
    keys.set(text, key);
  }
  return keys.get(text)!;
}

/** A SendGrid event in our shape, or null for kinds we do not track. */
export function sendgridEvent(raw: unknown): ProviderEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  const kind = String(e.event ?? '');
  // A bounce of type 'blocked' is the receiving server refusing for now (soft); 'bounce' is for good.
  const name = kind === 'bounce' ? (e.type === 'blocked' ? 'bounced_soft' : 'bounced_hard') : NAMES[kind];
  const id = str(e.sg_event_id);
  if (!name || !id) return null;
  const ts = Number(e.timestamp);
  const sendId = Number(e.send_id);
  return {
    id: `sendgrid:${id}`.slice(0, 500),
    name,
    at: (Number.isFinite(ts) && ts > 0 ? new Date(ts * 1000) : new Date()).toISOString(),
    sendId: Number.isSafeInteger(sendId) && sendId > 0 ? sendId : null,
    messageId: null,
    providerMessageId: str(e.sg_message_id)?.split('.')[0] ?? null,
    url: str(e.url),
    ip: str(e.ip),
    userAgent: str(e.useragent),
    message: str(e.reason) ?? str(e.response),
    machine: e.sg_machine_open === true,
  };
}

export const sendgrid: MailProvider = {
  name: 'sendgrid',
  headers: (sendId) => ({ 'X-SMTPAPI': JSON.stringify({ unique_args: { send_id: String(sendId) } }) }),
  // "250 Ok: queued as <id>": the first part of the sg_message_id its events carry.
  messageIdFromReply: (reply) => /queued as (\S+)/i.exec(reply)?.[1] ?? null,
  webhook: {
    signatureHeaders: [SIGNATURE_HEADER],
    configured: (config) => !!config.SENDGRID_WEBHOOK_PUBLIC_KEY,
    async read(req, config) {
      const key = publicKey(config.SENDGRID_WEBHOOK_PUBLIC_KEY ?? '');
      const signature = firstHeader(req.headers, SIGNATURE_HEADER);
      const timestamp = firstHeader(req.headers, TIMESTAMP_HEADER);
      if (!key || !signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return 'forbidden';
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_AGE_SECONDS) return 'forbidden';
      const signed = Buffer.concat([Buffer.from(timestamp), req.rawBody]);
      let ok = false;
      try {
        ok = verify('sha256', signed, key, Buffer.from(signature, 'base64'));
      } catch {
        ok = false;
      }
      if (!ok) return 'forbidden';
      let events: unknown;
      try {
        events = JSON.parse(req.rawBody.toString('utf8'));
      } catch {
        return 'bad-body';
      }
      if (!Array.isArray(events)) return 'bad-body';
      return {
        events: events.map(sendgridEvent).filter((e): e is ProviderEvent => e !== null),
        received: events.length,
      };
    },
  },
};
