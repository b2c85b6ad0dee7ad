import { readWebhook, toProviderEvent, WEBHOOK_PATH, type ProviderEvent } from '../webhook-events.js';
import { publicBaseUrl } from '../tracking.js';
import type { MailProvider } from './provider.js';

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

/**
 * Any SMTP relay (the default). Its messages carry Mandrill's metadata header as they always have, so
 * an installation that sends through Mandrill's SMTP without naming it keeps its events matched.
 */
export const smtp: MailProvider = { ...mandrill, name: 'smtp' };
