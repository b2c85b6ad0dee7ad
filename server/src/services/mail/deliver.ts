import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, Db } from '../../db/database.js';
import type { EmailSourceKey } from '../../db/tables/email.js';
import { recordEmailEvents, type EmailEventInput } from './events.js';
import { compiledVersion, personalise } from './render.js';
import { publicBaseUrl, trackingFor, trackingKey } from './tracking.js';
import { createTransport, type MailTransport, type OutgoingMessage, type TransportResult } from './transport.js';
import { unsubscribeApiUrl, unsubscribeUrl } from './unsubscribe-link.js';

/*
 * Delivery, and what a crash costs.
 *
 * A pass claims queued sends in batches (`for update skip locked`, committed at once with
 * attempts + 1: the attempt marker), sends them, and writes each outcome (status 'sent' with sendAt,
 * the 'sent' flag and event, the Message-ID; or 'failed' with the reason) in small groups as they
 * complete. A send still 'queued' with attempts > 0 when a pass starts was claimed by a pass that
 * died: it is *in doubt* (it may or may not have left).
 *
 * The choice: at-least-once, never at-most-once: an in-doubt send is sent again, never dropped, so no
 * message is lost. It is sent again with the same Message-ID (derived from the send id and the
 * installation's key), so:
 * - the outbox (no SMTP_URL) is exactly once: its row is keyed by the send id, a second write does nothing;
 * - over SMTP a repeat can only happen for messages the server accepted in the moments between its
 *   reply and our record of it (at most FLUSH_EVERY + the open connections per dead pass), and it
 *   carries the same Message-ID, which receiving systems and providers use to drop duplicates.
 * A send is tried at most MAX_ATTEMPTS times; temporary refusals (4xx, lost connections) wait for a
 * later pass, permanent ones (5xx) fail at once with the server's answer.
 *
 * One pass at a time in the whole installation: the job's queue is `singleton`, and the pass also holds
 * a session advisory lock, which dies with its connection, so a pass that pg-boss gave up on while it
 * still ran cannot overlap the next. That is also what makes the rate a global one.
 */

/** The settings mail reads (server/src/config.ts: SMTP_URL, EMAIL_RATE_PER_SECOND, EMAIL_DAILY_QUOTA, PUBLIC_URL, EMAIL_WEBHOOK_SECRET). */
export type MailConfig = {
  PORT: number;
  PUBLIC_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  EMAIL_RATE_PER_SECOND: number;
  EMAIL_DAILY_QUOTA: number;
  EMAIL_WEBHOOK_SECRET?: string | undefined;
};

/** The app's configuration as mail reads it (read loosely: this module does not depend on which settings config.ts declares). */
export function mailConfig(config: Config): MailConfig {
  const c = config as unknown as Partial<MailConfig> & { PORT: number };
  return { ...c, EMAIL_RATE_PER_SECOND: c.EMAIL_RATE_PER_SECOND ?? 50, EMAIL_DAILY_QUOTA: c.EMAIL_DAILY_QUOTA ?? 100_000 };
}

export const MAX_ATTEMPTS = 5;
/** Outcomes written per statement; also the most a crash can leave accepted but unrecorded per pass. */
export const FLUSH_EVERY = 25;
const BATCH = 200;
const LOCK_KEY = 7_340_001; // pg advisory lock: one delivery pass at a time

const INVITATION_SOURCES: ReadonlySet<EmailSourceKey> = new Set(['invitation_email', 'invitation_email_test', 'invitation_tickler', 'invitation_tickler_test']);
export const isInvitationSource = (source: EmailSourceKey) => INVITATION_SOURCES.has(source);

export type DeliveryOptions = {
  /** Default: SMTP when SMTP_URL is set, else the outbox. */
  transport?: MailTransport;
  /** Messages in flight at once (the SMTP pool's connections). Default 5. */
  connections?: number;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  signal?: AbortSignal;
  /** Stop after this long (the job's own limit is an hour); anything left waits for the next pass. */
  maxMs?: number;
};

export type DeliveryReport = { sent: number; failed: number; deferred: number; quotaReached: boolean; locked: boolean };

type Claimed = {
  id: number;
  source: EmailSourceKey;
  sourceId: string;
  emailTo: string;
  templateVersionId: number | null;
  invitationId: number | null;
  inviteeId: number | null;
  tokenValues: Record<string, string>;
  attempts: number;
};

type Outcome = { id: number; status: 'sent' | 'failed' | 'queued'; message: string | null; messageId: string; event: EmailEventInput | null };

/** The Message-ID of a send: the same on every attempt, unique to this installation. */
export function messageIdFor(sendId: number, key: string, fromEmail: string): string {
  const domain = fromEmail.split('@')[1] || 'localhost';
  return `<${sendId}.${createHmac('sha256', key).update(`message-id:${sendId}`).digest('hex').slice(0, 16)}@${domain}>`;
}

/** Sends sent (status 'sent') in the last 24 hours: what the daily quota counts. */
export async function sentInLast24h(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('emailSends')
    .select(sql<number>`count(*)`.as('n'))
    .where('sendAt', '>', sql<Date>`now() - interval '24 hours'`)
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Spaces message starts `1000 / perSecond` ms apart, however many run at once. */
function rateLimiter(perSecond: number) {
  const gap = 1000 / perSecond;
  let next = performance.now();
  return async () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at - now >= 1) await sleep(at - now);
  };
}

/**
 * One delivery pass: sends what is queued, bounded by EMAIL_RATE_PER_SECOND and EMAIL_DAILY_QUOTA,
 * until nothing is left, the quota is reached, `maxMs` passes or `signal` aborts.
 */
export async function deliverQueuedEmails(db: Kysely<DB>, config: MailConfig, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, deferred: 0, quotaReached: false, locked: false };
  // The lock lives on one connection held for the pass: if the process dies, PostgreSQL drops it.
  return db.connection().execute(async (lockConn) => {
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as ok`.execute(lockConn);
    if (!rows[0]?.ok) {
      options.log?.info({}, 'another delivery pass is running');
      return { ...report, locked: true };
    }
    const transport = options.transport ?? createTransport(db, config, options.connections ?? 5);
    try {
      await run(db, config, transport, options, report);
    } finally {
      if (!options.transport) await transport.close();
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(lockConn);
    }
    return report;
  });
}

async function run(db: Db, config: MailConfig, transport: MailTransport, options: DeliveryOptions, report: DeliveryReport) {
  const key = await trackingKey(db);
  const base = publicBaseUrl(config);
  const limit = rateLimiter(config.EMAIL_RATE_PER_SECOND);
  const connections = Math.max(1, options.connections ?? 5);
  const started = performance.now();
  let afterId = 0;
  let sentToday = await sentInLast24h(db);

  while (!options.signal?.aborted && performance.now() - started < (options.maxMs ?? 50 * 60_000)) {
    const room = config.EMAIL_DAILY_QUOTA - sentToday;
    if (room <= 0) {
      report.quotaReached = true;
      options.log?.warn({ quota: config.EMAIL_DAILY_QUOTA }, 'daily email quota reached: the rest waits for a later pass');
      break;
    }
    const claimed = await claim(db, afterId, Math.min(BATCH, room));
    if (!claimed.length) break;
    afterId = claimed[claimed.length - 1]!.id;

    const pending: Outcome[] = [];
    let flushing = Promise.resolve();
    const flush = () => {
      const group = pending.splice(0);
      if (group.length) flushing = flushing.then(() => writeOutcomes(db, group));
      return flushing;
    };

    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const row = claimed[next++]!;
        const outcome = await deliverOne(db, row, transport, { key, base, limit });
        if (outcome.status === 'sent') report.sent++;
        else if (outcome.status === 'failed') report.failed++;
        else report.deferred++;
        pending.push(outcome);
        if (pending.length >= FLUSH_EVERY) void flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(connections, claimed.length) }, worker));
    await flush();
    sentToday += claimed.length;
  }
}

/** Claims up to `limit` queued sends after `afterId`, committing attempts + 1 before any is sent. */
async function claim(db: Db, afterId: number, limit: number): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update email_sends s set attempts = s.attempts + 1
    where s.id in (
      select id from email_sends
      where status = 'queued' and id > ${afterId}
      order by id
      limit ${limit}
      for update skip locked)
    returning s.id, s.source, s.source_id as "sourceId", s.email_to as "emailTo", s.template_version_id as "templateVersionId",
      s.invitation_id as "invitationId", s.invitee_id as "inviteeId", s.token_values as "tokenValues", s.attempts`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

async function deliverOne(
  db: Db,
  row: Claimed,
  transport: MailTransport,
  ctx: { key: string; base: string; limit: () => Promise<void> },
): Promise<Outcome> {
  const fail = (message: string, messageId = ''): Outcome => ({
    id: row.id,
    status: 'failed',
    message,
    messageId,
    event: { sendId: row.id, name: 'rejected', message, providerEventId: `local:${row.id}:rejected` },
  });
  if (row.templateVersionId === null) return fail('The template version of this email no longer exists');
  if (row.attempts > MAX_ATTEMPTS) return fail(`Gave up after ${MAX_ATTEMPTS} attempts`);
  let message: OutgoingMessage;
  try {
    const compiled = await compiledVersion(db, row.templateVersionId);
    const values = { ...row.tokenValues };
    const headers: Record<string, string> = { 'X-MC-Metadata': JSON.stringify({ send_id: row.id }) };
    if (isInvitationSource(row.source) && row.invitationId !== null && row.inviteeId !== null) {
      // emailId names this send (the unsubscribe marks it and its counts), '0' a test send (spec 02: no call).
      const ids = { invitationId: row.invitationId, inviteeId: row.inviteeId, emailId: row.source.endsWith('_test') ? '0' : String(row.id) };
      values.unsubscribeUrl ??= await unsubscribeUrl(db, ids, { baseUrl: ctx.base });
      headers['List-Unsubscribe'] = `<${await unsubscribeApiUrl(db, ids, { baseUrl: ctx.base })}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    const { subject, html, text } = personalise(compiled, values, trackingFor(ctx.base, ctx.key, row.id));
    message = {
      sendId: row.id,
      from: { name: compiled.fromName, address: compiled.fromEmail },
      to: row.emailTo,
      replyTo: compiled.replyToEmail,
      subject,
      html,
      text,
      messageId: messageIdFor(row.id, ctx.key, compiled.fromEmail),
      headers,
    };
  } catch (err) {
    return fail(`Could not prepare the message: ${err instanceof Error ? err.message : String(err)}`);
  }

  await ctx.limit();
  let result: TransportResult;
  try {
    result = await transport.send(message);
  } catch (err) {
    result = { accepted: false, permanent: false, response: err instanceof Error ? err.message : String(err) };
  }
  if (result.accepted) {
    return {
      id: row.id,
      status: 'sent',
      message: null,
      messageId: message.messageId,
      event: { sendId: row.id, name: 'sent', message: result.response, providerEventId: `local:${row.id}:sent` },
    };
  }
  if (result.permanent) return fail(result.response, message.messageId);
  if (row.attempts >= MAX_ATTEMPTS) return fail(`Gave up after ${MAX_ATTEMPTS} attempts: ${result.response}`, message.messageId);
  return {
    id: row.id,
    status: 'queued',
    message: `Deferred (attempt ${row.attempts}): ${result.response}`,
    messageId: message.messageId,
    event: { sendId: row.id, name: 'deferred', message: result.response, providerEventId: `local:${row.id}:deferred:${row.attempts}` },
  };
}

/** Writes a group of outcomes in one transaction: statuses, then their events and flags. */
async function writeOutcomes(db: Db, outcomes: Outcome[]) {
  const values = sql.join(
    outcomes.map((o) => sql`(${o.id}::bigint, ${o.status}, ${o.message}, ${o.messageId || null})`),
  );
  await db.transaction().execute(async (trx) => {
    await sql`
      update email_sends s set
        status = v.status,
        send_status_message = v.message,
        message_id = coalesce(v.message_id, s.message_id),
        send_at = case when v.status = 'sent' then now() else s.send_at end
      from (values ${values}) as v(id, status, message, message_id)
      where s.id = v.id and s.status = 'queued'`.execute(trx);
    await recordEmailEvents(trx, outcomes.flatMap((o) => (o.event ? [o.event] : [])));
  });
}
