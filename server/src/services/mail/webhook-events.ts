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

export type WebhookRequest = {
  rawBody: Buffer;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  url: string;
};

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
