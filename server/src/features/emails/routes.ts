import type { FastifyReply, FastifyRequest } from 'fastify';
import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { keepRawBody, rawBodyOf } from '../../raw-body.js';
import { AppError, notFound } from '../../errors.js';
import { mailConfig } from '../../services/mail/mail-config.js';
import { recordEmailEvents } from '../../services/mail/events.js';
import {
  clickSignature,
  isAutomatedClick,
  isAutomatedOpen,
  openSignature,
  signatureMatches,
  trackingKey,
} from '../../services/mail/tracking.js';
import { PROVIDERS, type EventWebhook } from '../../services/mail/providers/index.js';
import { applyProviderEvents } from '../../services/mail/webhook-events.js';
import * as repo from './repo.js';

// A transparent 1x1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A webhook batch takes at most this much (1,000 Mandrill events with their messages' details is a few MB). */
export const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;
const EVENTS_PER_JOB = 1000;

/**
 * Refuses a webhook call before a byte of its body is read: no secret configured, or none of the
 * signature headers the provider sends. The same 403 as a wrong signature.
 */
export function refuseUnsigned(isConfigured: (request: FastifyRequest) => boolean, signatureHeaders: string[]) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isConfigured(request) && signatureHeaders.some((h) => request.headers[h])) return;
    // The unread body stays on the socket: close it rather than read it.
    reply.header('connection', 'close');
    await reply.status(403).send({ message: 'Invalid webhook signature' });
  };
}

/**
 * A provider's event webhook (providers/provider.ts EventWebhook): refused before the body is read
 * unless configured and signed, at most WEBHOOK_BODY_LIMIT, verified, and its events queued for
 * `apply-email-events` so the provider gets its answer at once whatever the batch's size (or, for
 * one-event calls, applied at once).
 */
function providerWebhookRoute(webhook: EventWebhook) {
  return {
    hooks: {
      onRequest: refuseUnsigned(
        (request) => webhook.configured(mailConfig(request.server.config)),
        [...webhook.signatureHeaders],
      ),
      preParsing: keepRawBody(WEBHOOK_BODY_LIMIT),
      bodyLimit: WEBHOOK_BODY_LIMIT,
    } as never,
    handler: async ({ request }: { request: FastifyRequest }) => {
      const read = await webhook.read(
        { ...rawBodyOf(request), headers: request.headers, url: request.url },
        mailConfig(request.server.config),
      );
      if (read === 'forbidden') return { status: 403 as const, body: { message: 'Invalid webhook signature' } };
      if (read === 'bad-body')
        return { status: 400 as const, body: { message: 'Webhook body must be the events the provider sends' } };
      if (webhook.applyInline) {
        if (read.events.length) await applyProviderEvents(request.server.db, read.events);
        return { status: 200 as const, body: { received: read.received, queued: false } };
      }
      for (let i = 0; i < read.events.length; i += EVENTS_PER_JOB) {
        await request.server.jobs.send('apply-email-events', { events: read.events.slice(i, i + EVENTS_PER_JOB) });
      }
      return { status: 200 as const, body: { received: read.received, queued: read.events.length > 0 } };
    },
  };
}

const clientInfo = (request: FastifyRequest) => ({
  ipAddress: request.ip ?? null,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 1000) || null,
});

export const emailRoutes = s.router(contract.emails, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listSends(request.server.db, query) }),

  events: async ({ params, query, request }) => {
    const { db } = request.server;
    if (!(await repo.sendExists(db, params.id))) throw notFound('Email');
    return { status: 200, body: await repo.listEvents(db, params.id, query) };
  },

  outbox: async ({ query, request }) => ({ status: 200, body: await repo.listOutbox(request.server.db, query) }),

  outboxMessage: async ({ params, request }) => {
    const message = await repo.getOutboxMessage(request.server.db, params.id);
    if (!message) throw notFound('Message');
    return { status: 200, body: message };
  },

  open: async ({ params, request, reply }) => {
    const { db } = request.server;
    if (signatureMatches(params.signature, openSignature(await trackingKey(db), params.sendId))) {
      const send = await repo.trackedSend(db, params.sendId);
      if (send) {
        const who = clientInfo(request);
        await recordEmailEvents(db, [
          {
            sendId: send.id,
            name: 'opened',
            ...who,
            automated: isAutomatedOpen({ userAgent: who.userAgent, ip: who.ipAddress }),
          },
        ]);
      }
    }
    // Always the image: a broken-image icon in a reader's mail helps no one.
    reply.header('content-type', 'image/gif');
    return { status: 200, body: PIXEL };
  },

  click: async ({ params, query, request, reply }) => {
    const { db } = request.server;
    const url = query.u;
    if (
      !/^https?:\/\//i.test(url) ||
      !signatureMatches(params.signature, clickSignature(await trackingKey(db), params.sendId, url))
    ) {
      throw new AppError(403, 'This link is not valid');
    }
    const send = await repo.trackedSend(db, params.sendId);
    if (send) {
      const who = clientInfo(request);
      const automated = isAutomatedClick({
        userAgent: who.userAgent,
        method: request.method,
        sentAt: send.sendAt,
        at: new Date(),
      });
      await recordEmailEvents(db, [{ sendId: send.id, name: 'clicked', link: url, ...who, automated }]);
    }
    reply.header('location', url);
    return { status: 302, body: undefined };
  },

  webhookCheck: async () => ({ status: 200, body: { ok: true as const } }),

  webhook: providerWebhookRoute(PROVIDERS.mandrill.webhook!),
  sesWebhook: providerWebhookRoute(PROVIDERS.ses.webhook!),
  sendgridWebhook: providerWebhookRoute(PROVIDERS.sendgrid.webhook!),
  postmarkWebhook: providerWebhookRoute(PROVIDERS.postmark.webhook!),
});
