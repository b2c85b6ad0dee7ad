import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { paged } from './common/list.js';
import {
  EMAIL_EVENTS,
  EMAIL_SOURCE_LABELS,
  EmailEventListQuery,
  EmailSendListQuery,
  OutboxListQuery,
  type EmailEventKind,
} from './list-queries/emails.js';

export * from './list-queries/emails.js';

export const EMAIL_SEND_STATUSES = ['queued', 'sent', 'failed', 'suppressed'] as const;

const flags = Object.fromEntries(EMAIL_EVENTS.map((f) => [f, z.boolean()])) as Record<EmailEventKind, z.ZodBoolean>;

/** One row of the send log (spec 03 "Email send", plus id, status and when it was queued). */
export const EmailSend = z.object({
  id: z.number().int(),
  subject: z.string().nullable(),
  emailTo: z.string(),
  sendStatusMessage: z.string().nullable(),
  source: z.enum(EMAIL_SOURCE_LABELS),
  sourceShort: z.string(),
  sourceId: z.string(),
  sendAt: z.string().nullable(),
  queuedAt: z.string(),
  status: z.enum(EMAIL_SEND_STATUSES),
  ...flags,
  /** To an API key only: the person it went to opted out of the directory, so it is withheld (issue 36 §5). */
  directoryOptOut: z.boolean().optional(),
});
export type EmailSend = z.infer<typeof EmailSend>;

/** Who an open or click came from (null for other events): a person, a person through Gmail's or Yahoo's image proxy (both counted), a privacy proxy's prefetch (a machine open) or a link scanner (neither counted). */
export const EMAIL_EVENT_ORIGINS = ['person', 'image-proxy', 'machine-open', 'link-scanner'] as const;

/** One event of a send (spec 03 "Email event"); `automated`: a privacy proxy's open or a link scanner's click, not counted. */
export const EmailEvent = z.object({
  id: z.number().int(),
  name: z.enum(EMAIL_EVENTS),
  eventAt: z.string(),
  link: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  message: z.string().nullable(),
  automated: z.boolean(),
  origin: z.enum(EMAIL_EVENT_ORIGINS).nullable(),
});
export type EmailEvent = z.infer<typeof EmailEvent>;

/** A message of the local outbox (where mail goes when no SMTP server is configured). */
export const OutboxMessage = z.object({
  id: z.number().int(),
  sendId: z.number().int().nullable(),
  fromAddress: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  /** To an API key only: the person it went to opted out of the directory, so it is withheld (issue 36 §5). */
  directoryOptOut: z.boolean().optional(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const OutboxMessageDetail = OutboxMessage.extend({
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string()),
});
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetail>;

/** An id of a bigserial table (sends, events, outbox): a positive whole number, exact as a JS number. */
const bigId = (label: string) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(Number.MAX_SAFE_INTEGER, `${label} is too large`);
const BigIdParam = z.object({ id: bigId('id') });
/** A send id and signature in a public tracking link. */
const TrackedSend = z.object({ sendId: bigId('sendId'), signature: z.string().max(100) });

export const WebhookAck = z.object({ received: z.number().int(), queued: z.boolean() });

/** One provider's event webhook: POST /public/email/<provider>, verified before anything is read or written (403 otherwise), at most 5 MB. */
const providerWebhook = (provider: string, body: string, summary: string) =>
  ({
    method: 'POST',
    path: `/public/email/${provider}`,
    body: z.any().describe(body),
    responses: { 200: WebhookAck, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody },
    metadata: meta.public,
    summary: `${summary}; acknowledged at once and applied by a job`,
  }) as const;

export const emailsContract = c.router({
  list: {
    method: 'GET',
    path: '/admin/tech/emails',
    query: EmailSendListQuery,
    responses: { 200: paged(EmailSend) },
    metadata: meta.area('emails'),
    summary:
      'The send log: search (address, subject), source (the eight labels), sourceId, event (sends with that flag)',
  },
  events: {
    method: 'GET',
    path: '/admin/tech/emails/:id/events',
    pathParams: BigIdParam,
    query: EmailEventListQuery.omit({ search: true }),
    responses: { 200: paged(EmailEvent) },
    metadata: meta.area('emails'),
    summary: "One send's events (SMTP result, open pixel, click redirect, provider webhook), paged",
  },
  outbox: {
    method: 'GET',
    path: '/admin/tech/outbox',
    query: OutboxListQuery,
    responses: { 200: paged(OutboxMessage) },
    metadata: meta.area('emails'),
    summary: 'Messages delivered to the local outbox (no SMTP_URL configured); search by address or subject',
  },
  outboxMessage: {
    method: 'GET',
    path: '/admin/tech/outbox/:id',
    pathParams: BigIdParam,
    responses: { 200: OutboxMessageDetail },
    metadata: meta.area('emails'),
    summary: 'One outbox message: headers, text and HTML (the open pixel left out, so reading it records no open)',
  },
  open: {
    method: 'GET',
    path: '/public/email/open/:sendId/:signature',
    pathParams: TrackedSend,
    responses: { 200: c.otherResponse({ contentType: 'image/gif', body: z.any() }) },
    metadata: meta.public,
    summary:
      "A send's open pixel (signed): records an 'opened' event (a privacy proxy's fetch is flagged automated) and answers a 1x1 GIF",
  },
  click: {
    method: 'GET',
    path: '/public/email/click/:sendId/:signature',
    pathParams: TrackedSend,
    query: z.object({ u: z.string().max(4000) }),
    responses: { 302: c.noBody(), 403: ErrorBody },
    metadata: meta.public,
    summary:
      "A tracked link (signed over the send and the address): records a 'clicked' event (scanners flagged automated) and redirects",
  },
  webhookCheck: {
    method: 'GET',
    path: '/public/email/webhook',
    responses: { 200: z.object({ ok: z.literal(true) }) },
    metadata: meta.public,
    summary: 'Answers 200 (also to HEAD): providers check that a webhook address exists before they use it',
  },
  webhook: {
    method: 'POST',
    path: '/public/email/webhook',
    body: z
      .any()
      .describe(
        'Mandrill-style events: form field mandrill_events (X-Mandrill-Signature) or a JSON array (X-Webhook-Signature: sha256=<hex>)',
      ),
    responses: { 200: WebhookAck, 400: ErrorBody, 403: ErrorBody },
    metadata: meta.public,
    summary:
      'Provider events (sent, delivered, open, click, deferral, reject, soft_bounce, hard_bounce, spam, unsub), signed; ' +
      'acknowledged at once and applied by a job; an event id seen before is ignored',
  },
  sesWebhook: providerWebhook(
    'ses',
    'Amazon SNS HTTP notification (JSON sent as text/plain): SubscriptionConfirmation (confirmed) or Notification carrying an SES event',
    'Amazon SES events through SNS: every message signature-verified (SignatureVersion 1 and 2) with its SigningCertURL certificate, its TopicArn one of SNS_TOPIC_ARNS; ' +
      'a SubscriptionConfirmation is confirmed; each SNS MessageId counts once',
  ),
  sendgridWebhook: providerWebhook(
    'sendgrid',
    'SendGrid Event Webhook batch (JSON array), signed: X-Twilio-Email-Event-Webhook-Signature (ECDSA P-256 over the timestamp and the body) and -Timestamp',
    'SendGrid events, signature verified with SENDGRID_WEBHOOK_PUBLIC_KEY and timestamp age checked; each sg_event_id counts once',
  ),
  postmarkWebhook: providerWebhook(
    'postmark',
    'One Postmark webhook event (JSON), with HTTP basic credentials',
    'Postmark events (Delivery, Bounce, SpamComplaint, Open, Click, SubscriptionChange), authenticated with POSTMARK_WEBHOOK_USER / POSTMARK_WEBHOOK_PASSWORD; each event counts once',
  ),
});
