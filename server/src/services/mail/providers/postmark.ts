import { createHash, timingSafeEqual } from 'node:crypto';
import type { EmailEventName } from '../../../db/tables/email.js';
import type { ProviderEvent } from '../webhook-events.js';
import { obj, str, type MailProvider } from './provider.js';

/**
 * Postmark, through its SMTP interface: `X-PM-Metadata-send_id` names the send (its events carry it in
 * Metadata). Its webhooks (POST /api/public/email/postmark, one event per call) authenticate with HTTP
 * basic credentials set in the webhook's URL: POSTMARK_WEBHOOK_USER / POSTMARK_WEBHOOK_PASSWORD.
 */
const HARD_BOUNCES = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated', 'Unknown', 'AddressChange']);

// Compared as digests: equal lengths, constant time, whatever was sent.
const digest = (s: string) => createHash('sha256').update(s).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Whether an Authorization header carries the configured basic credentials. */
export function basicAuthMatches(authorization: string | undefined, user: string, password: string): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  const decoded = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
  const at = decoded.indexOf(':');
  const okUser = same(at < 0 ? '' : decoded.slice(0, at), user);
  const okPassword = same(at < 0 ? '' : decoded.slice(at + 1), password);
  return at >= 0 && okUser && okPassword;
}

/** A Postmark webhook event in our shape, or null for kinds we do not track. */
export function postmarkEvent(raw: unknown): ProviderEvent | null {
  const e = obj(raw);
  const type = str(e.RecordType);
  let name: EmailEventName | null = null;
  let at: string | null = null;
  let message: string | null = null;
  switch (type) {
    case 'Delivery':
      name = 'delivered';
      at = str(e.DeliveredAt);
      message = str(e.Details);
      break;
    case 'Bounce':
      // A Transient bounce is Postmark's 'message delayed': the recipient's server deferred it (issue 37 §1).
      name =
        e.Type === 'SpamComplaint'
          ? 'spam'
          : e.Type === 'Transient'
            ? 'deferred'
            : HARD_BOUNCES.has(String(e.Type))
              ? 'bounced_hard'
              : 'bounced_soft';
      at = str(e.BouncedAt);
      message = str(e.Description) ?? str(e.Details);
      break;
    case 'SpamComplaint':
      name = 'spam';
      at = str(e.BouncedAt);
      message = str(e.Description);
      break;
    case 'Open':
      name = 'opened';
      at = str(e.ReceivedAt);
      break;
    case 'Click':
      name = 'clicked';
      at = str(e.ReceivedAt);
      break;
    case 'SubscriptionChange':
      if (e.SuppressSending !== true) return null;
      name = 'unsub';
      at = str(e.ChangedAt);
      message = str(e.SuppressionReason);
      break;
    default:
      return null;
  }
  const postmarkId = str(e.MessageID);
  if (!postmarkId) return null;
  const sendId = Number(obj(e.Metadata).send_id);
  const when = new Date(at ?? Date.now());
  // Postmark's events have no id of their own: the message, the kind and the moment (a bounce's own ID) name one.
  const id = `postmark:${postmarkId}:${type}:${e.ID ?? at ?? ''}${type === 'Click' ? `:${str(e.OriginalLink) ?? ''}` : ''}`;
  return {
    id: id.slice(0, 500),
    name,
    at: (isNaN(when.getTime()) ? new Date() : when).toISOString(),
    sendId: Number.isSafeInteger(sendId) && sendId > 0 ? sendId : null,
    messageId: null,
    providerMessageId: postmarkId,
    url: str(e.OriginalLink),
    ip: str(obj(e.Geo).IP),
    userAgent: str(e.UserAgent),
    message,
  };
}

export const postmark: MailProvider = {
  name: 'postmark',
  headers: (sendId) => ({ 'X-PM-Metadata-send_id': String(sendId) }),
  messageIdFromReply: () => null,
  webhook: {
    signatureHeaders: ['authorization'],
    configured: (config) => !!config.POSTMARK_WEBHOOK_USER && !!config.POSTMARK_WEBHOOK_PASSWORD,
    async read(req, config) {
      const auth = req.headers.authorization;
      if (
        !basicAuthMatches(
          Array.isArray(auth) ? auth[0] : auth,
          config.POSTMARK_WEBHOOK_USER ?? '',
          config.POSTMARK_WEBHOOK_PASSWORD ?? '',
        )
      )
        return 'forbidden';
      let body: unknown;
      try {
        body = JSON.parse(req.rawBody.toString('utf8'));
      } catch {
        return 'bad-body';
      }
      const items = Array.isArray(body) ? body : [body];
      return { events: items.map(postmarkEvent).filter((e): e is ProviderEvent => e !== null), received: items.length };
    },
  },
};
