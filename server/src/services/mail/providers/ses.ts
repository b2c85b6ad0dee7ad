import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { EmailEventName } from '../../../db/tables/email.js';
import type { ProviderEvent } from '../webhook-events.js';
import { obj, str, type MailProvider, type SendQuota } from './provider.js';
import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { confirmSnsSubscription, parseSnsMessage, pinnedSnsKeys, verifySnsMessage } from './sns.js';

/**
 * Amazon SES, sending through its SMTP interface (SMTP_URL) with a configuration set
 * (SES_CONFIGURATION_SET) whose event destination is an SNS topic (SNS_TOPIC_ARNS) subscribed to
 * POST /api/public/email/ses. Each message carries `X-SES-MESSAGE-TAGS: send_id=<id>`, so its events
 * name the send; SES replaces our Message-ID, so its own id (`250 Ok <id>`) is kept as well.
 */

type SesRecord = Record<string, unknown>;

/** What each SES event (event publishing's eventType, or a notification's notificationType) becomes. */
function mapEvent(
  kind: string,
  e: SesRecord,
): { name: EmailEventName; detail: SesRecord; message: string | null } | null {
  switch (kind) {
    case 'Send':
      return { name: 'sent', detail: obj(e.send), message: null };
    case 'Delivery': {
      const d = obj(e.delivery);
      return { name: 'delivered', detail: d, message: str(d.smtpResponse) };
    }
    case 'Bounce': {
      const b = obj(e.bounce);
      const recipient = obj((b.bouncedRecipients as unknown[] | undefined)?.[0]);
      const reason = str(recipient.diagnosticCode) ?? `${String(b.bounceType)} bounce (${String(b.bounceSubType)})`;
      // Permanent: the address does not exist (blocks it); Transient and Undetermined may pass later.
      return { name: b.bounceType === 'Permanent' ? 'bounced_hard' : 'bounced_soft', detail: b, message: reason };
    }
    case 'Complaint': {
      const c = obj(e.complaint);
      return { name: 'spam', detail: c, message: str(c.complaintFeedbackType) ?? 'Complaint' };
    }
    case 'Reject':
      return { name: 'rejected', detail: obj(e.reject), message: str(obj(e.reject).reason) };
    case 'Open':
      return { name: 'opened', detail: obj(e.open), message: null };
    case 'Click':
      return { name: 'clicked', detail: obj(e.click), message: null };
    case 'DeliveryDelay': {
      const d = obj(e.deliveryDelay);
      return { name: 'deferred', detail: d, message: str(d.delayType) };
    }
    case 'Rendering Failure': {
      const f = obj(e.failure);
      return { name: 'rejected', detail: f, message: str(f.errorMessage) ?? 'Rendering failure' };
    }
    case 'Subscription':
      return {
        name: 'unsub',
        detail: obj(e.subscription),
        message: 'Unsubscribed through SES subscription management',
      };
    default:
      return null;
  }
}

/**
 * An SES event (the `Message` of an SNS notification) in our shape, or null for kinds we do not track.
 * Its id is the SNS MessageId (each notification counts once); it names its send by the `send_id`
 * message tag, else by SES's message id.
 */
export function sesEvent(snsMessageId: string, message: string): ProviderEvent | null {
  let e: SesRecord;
  try {
    e = obj(JSON.parse(message));
  } catch {
    return null;
  }
  const kind = str(e.eventType) ?? str(e.notificationType);
  const mapped = kind ? mapEvent(kind, e) : null;
  if (!mapped) return null;
  const mail = obj(e.mail);
  const tag = (obj(mail.tags).send_id as unknown[] | undefined)?.[0];
  const sendId = Number(tag);
  const at = new Date(str(mapped.detail.timestamp) ?? str(mail.timestamp) ?? Date.now());
  return {
    id: `sns:${snsMessageId}`.slice(0, 500),
    name: mapped.name,
    at: (isNaN(at.getTime()) ? new Date() : at).toISOString(),
    sendId: Number.isSafeInteger(sendId) && sendId > 0 ? sendId : null,
    messageId: null,
    providerMessageId: str(mail.messageId),
    url: str(mapped.detail.link),
    ip: str(mapped.detail.ipAddress),
    userAgent: str(mapped.detail.userAgent),
    message: mapped.message?.slice(0, 1000) ?? null,
  };
}

const list = (v: string[] | undefined) => v ?? [];

let quotaCache: { at: number; quota: Promise<SendQuota> } | null = null;
const QUOTA_TTL_MS = 60_000;

/** The account's quota from SESv2 GetAccount (the standard AWS settings apply, AWS_ENDPOINT_URL_SESV2 too), cached a minute. */
export function sesQuota(now = Date.now()): Promise<SendQuota> {
  if (quotaCache && now - quotaCache.at < QUOTA_TTL_MS) return quotaCache.quota;
  const quota = (async () => {
    const client = new SESv2Client({ maxAttempts: 2 });
    try {
      const { SendQuota: q } = await client.send(new GetAccountCommand({}));
      return {
        max24HourSend: q?.Max24HourSend ?? 0,
        sentLast24Hours: q?.SentLast24Hours ?? 0,
        maxSendRate: q?.MaxSendRate ?? 1,
      };
    } finally {
      client.destroy();
    }
  })();
  quotaCache = { at: now, quota };
  quota.catch(() => {
    if (quotaCache?.quota === quota) quotaCache = null;
  });
  return quota;
}

let pinnedCache: { path: string; keys: KeyObject[] } | null = null;
/** The keys of the certificates pinned in the file SNS_SIGNING_CERTS names, read once (the start checks it reads). */
function pinnedKeys(path: string): KeyObject[] {
  if (pinnedCache?.path !== path) pinnedCache = { path, keys: pinnedSnsKeys(readFileSync(path, 'utf8')) };
  return pinnedCache.keys;
}

/** Forgets the cached quota (tests). */
export const forgetSesQuota = () => void (quotaCache = null);

export const ses: MailProvider = {
  name: 'ses',
  headers(sendId, config) {
    return {
      ...(config.SES_CONFIGURATION_SET ? { 'X-SES-CONFIGURATION-SET': config.SES_CONFIGURATION_SET } : {}),
      'X-SES-MESSAGE-TAGS': `send_id=${sendId}`,
    };
  },
  messageIdFromReply: (reply) => /^250[ -]Ok (\S+)/i.exec(reply.trim())?.[1] ?? null,
  quota: () => sesQuota(),
  webhook: {
    signatureHeaders: ['x-amz-sns-message-type'],
    // SNS posts one message per call: applied in the request (a job per event costs more than the event).
    applyInline: true,
    configured: (config) => list(config.SNS_TOPIC_ARNS).length > 0,
    async read(req, config) {
      const m = parseSnsMessage(req.rawBody.toString('utf8'));
      if (!m) return 'forbidden';
      const trusted = list(config.SNS_TRUSTED_CERT_PREFIXES);
      let pinned: KeyObject[] | undefined;
      try {
        pinned = config.SNS_SIGNING_CERTS ? pinnedKeys(config.SNS_SIGNING_CERTS) : undefined;
      } catch {
        return 'forbidden'; // not SNS certificates in date: nothing verifies
      }
      if (!(await verifySnsMessage(m, { topics: list(config.SNS_TOPIC_ARNS), trustedPrefixes: trusted, pinned })))
        return 'forbidden';
      if (m.Type === 'SubscriptionConfirmation') {
        if (!(await confirmSnsSubscription(m, trusted))) return 'forbidden';
        return { events: [], received: 0 };
      }
      if (m.Type !== 'Notification') return { events: [], received: 0 };
      const event = sesEvent(m.MessageId, m.Message);
      return { events: event ? [event] : [], received: 1 };
    },
  },
};
