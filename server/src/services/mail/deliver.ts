import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sendRate, THROTTLE_DELAYS, throttleDelay, type SendRate, type ThrottleDelays } from './send-rate.js';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, Db } from '../../db/database.js';
import type { EmailSourceKey } from '../../db/tables/email.js';
import { recordEmailEvents, type EmailEventInput } from './events.js';
import { compiledVersion, personalise } from './render.js';
import { publicBaseUrl, trackingFor, trackingKey } from './tracking.js';
import { mailProvider, type MailProvider, type ProviderConfig, type SendQuota } from './providers/index.js';
import { createTransport, type MailTransport, type OutgoingMessage, type TransportResult } from './transport.js';
import { unsubscribeApiUrl, unsubscribeUrl, type UnsubscribeKind } from './unsubscribe-link.js';
import { isSystemSource, systemMessage, systemSender } from './system-messages.js';

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
 * A send is tried at most MAX_ATTEMPTS times; permanent refusals (5xx) fail at once with the server's
 * answer; temporary ones (other 4xx) wait (retry_at) and use up an attempt.
 *
 * Throttling is not failure: a 421 or 454 (SES's `454 Throttling failure`), a refused connection or a
 * timeout is the provider limiting us. The send waits with growing delays (send-rate.ts: 5 s doubling,
 * at most an hour), keeps its attempts, and sets no `deferred` flag (that flag is the recipient's server
 * deferring, reported by provider events); the pass's rate halves and recovers as messages are accepted
 * again. A pass waits for sends due again within a minute rather than leaving them to the next.
 *
 * One pass at a time in the whole installation: the job's queue is `singleton`, and the pass also holds
 * a session advisory lock, which dies with its connection, so a pass that pg-boss gave up on while it
 * still ran cannot overlap the next. That is also what makes the rate a global one.
 */

/** The settings mail reads (server/src/config.ts: SMTP_URL, EMAIL_RATE_PER_SECOND, EMAIL_DAILY_QUOTA, PUBLIC_URL, EMAIL_PROVIDER and the providers' own). */
export type MailConfig = ProviderConfig & {
  SMTP_URL?: string | undefined;
  EMAIL_RATE_PER_SECOND: number;
  EMAIL_DAILY_QUOTA: number;
};

/** The app's configuration as mail reads it (read loosely: this module does not depend on which settings config.ts declares). */
export function mailConfig(config: Config): MailConfig {
  const c = config as unknown as Partial<MailConfig> & { PORT: number };
  return {
    ...c,
    EMAIL_RATE_PER_SECOND: c.EMAIL_RATE_PER_SECOND ?? 50,
    EMAIL_DAILY_QUOTA: c.EMAIL_DAILY_QUOTA ?? 100_000,
  };
}

export const MAX_ATTEMPTS = 5;
/** Outcomes written per statement; also the most a crash can leave accepted but unrecorded per pass. */
export const FLUSH_EVERY = 25;
const BATCH = 200;
const LOCK_KEY = 7_340_001; // pg advisory lock: one delivery pass at a time

const INVITATION_SOURCES: ReadonlySet<EmailSourceKey> = new Set([
  'invitation_email',
  'invitation_email_test',
  'invitation_tickler',
  'invitation_tickler_test',
]);
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
  /** The waits of throttled sends (default THROTTLE_DELAYS: 5 s doubling up to an hour). */
  throttleDelays?: ThrottleDelays;
  /** A pass waits for sends due again within this long (default a minute, the cron's period) rather than ending. */
  maxIdleMs?: number;
};

/** `deferred`: temporary refusals left for later; `throttled`: answers that made sends wait. */
export type DeliveryReport = {
  sent: number;
  failed: number;
  deferred: number;
  throttled: number;
  quotaReached: boolean;
  locked: boolean;
};

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
  throttles: number;
};

type Outcome = {
  id: number;
  status: 'sent' | 'failed' | 'queued';
  message: string | null;
  messageId: string;
  event: EmailEventInput | null;
  /** The provider's own id of the accepted message (SES: `250 Ok <id>`). */
  providerMessageId?: string | null;
  /** Waiting: until when, and whether for throttling (the attempt is given back). */
  retryAt?: Date;
  throttled?: boolean;
};

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

/** Milliseconds until the first waiting send is due again, or null when none waits. */
async function nextRetryIn(db: Db): Promise<number | null> {
  const { rows } = await sql<{ ms: number | null }>`
    select extract(epoch from min(retry_at) - now()) * 1000 as ms
    from email_sends where status = 'queued' and retry_at is not null`.execute(db);
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

/**
 * One delivery pass: sends what is queued, bounded by EMAIL_RATE_PER_SECOND and EMAIL_DAILY_QUOTA,
 * until nothing is left, the quota is reached, `maxMs` passes or `signal` aborts.
 */
export async function deliverQueuedEmails(
  db: Kysely<DB>,
  config: MailConfig,
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, deferred: 0, throttled: 0, quotaReached: false, locked: false };
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

async function run(
  db: Db,
  config: MailConfig,
  transport: MailTransport,
  options: DeliveryOptions,
  report: DeliveryReport,
) {
  const key = await trackingKey(db);
  const base = publicBaseUrl(config);
  const rate = sendRate(config.EMAIL_RATE_PER_SECOND);
  const delays = options.throttleDelays ?? THROTTLE_DELAYS;
  const connections = Math.max(1, options.connections ?? 5);
  const started = performance.now();
  const maxMs = options.maxMs ?? 50 * 60_000;
  const provider = mailProvider(config);
  // The provider's own quota (SES) rules what goes through it; the outbox has none.
  const providerQuota = transport.kind === 'smtp' && provider.quota ? provider.quota.bind(provider) : null;
  // The quota read last, and what this pass sent since (the worker closures count it).
  let quota = null as { read: SendQuota; sentSince: number } | null;
  let afterId = 0;
  let sentToday = await sentInLast24h(db);

  while (!options.signal?.aborted && performance.now() - started < maxMs) {
    let room = config.EMAIL_DAILY_QUOTA - sentToday;
    if (providerQuota) {
      try {
        const read = await providerQuota(config);
        // The quota is cached about a minute: what this pass sent since it was read counts against it too.
        const current = read === quota?.read ? quota : (quota = { read, sentSince: 0 });
        room = Math.min(room, read.max24HourSend - read.sentLast24Hours - current.sentSince);
        rate.setCeiling(Math.min(config.EMAIL_RATE_PER_SECOND, read.maxSendRate));
      } catch (err) {
        options.log?.warn(
          { err },
          "the provider's quota could not be read: EMAIL_DAILY_QUOTA and EMAIL_RATE_PER_SECOND apply",
        );
      }
    }
    if (room <= 0) {
      report.quotaReached = true;
      options.log?.warn(
        { quota: config.EMAIL_DAILY_QUOTA, provider: quota?.read },
        'daily email quota reached: the rest waits for a later pass',
      );
      break;
    }
    const claimed = await claim(db, afterId, Math.min(BATCH, room));
    if (!claimed.length) {
      // Sends waiting out throttling (or a temporary refusal) that are due soon: wait for them here.
      const due = await nextRetryIn(db);
      const left = maxMs - (performance.now() - started);
      if (due === null || due > Math.min(options.maxIdleMs ?? 60_000, left)) break;
      await sleep(Math.max(due, 5), undefined, { signal: options.signal }).catch(() => {});
      afterId = 0;
      continue;
    }
    afterId = claimed[claimed.length - 1]!.id;
    const sentBefore = report.sent;

    const pending: Outcome[] = [];
    let flushing = Promise.resolve();
    const flush = () => {
      const group = pending.splice(0);
      if (group.length) flushing = flushing.then(() => writeOutcomes(db, group));
      return flushing;
    };

    let next = 0;
    const worker = async () => {
      // A stop (SIGTERM, a lost claim) ends the batch after the sends in flight: what is sent is recorded below.
      while (next < claimed.length && !options.signal?.aborted) {
        const row = claimed[next++]!;
        const outcome = await deliverOne(db, row, transport, {
          key,
          base,
          rate,
          delays,
          signal: options.signal,
          provider,
          config,
        });
        if (outcome.status === 'sent') {
          report.sent++;
          if (quota) quota.sentSince++;
        } else if (outcome.status === 'failed') report.failed++;
        else if (outcome.throttled) report.throttled++;
        else report.deferred++;
        pending.push(outcome);
        if (pending.length >= FLUSH_EVERY) void flush();
      }
    };
    await Promise.all(Array.from({ length: Math.min(connections, claimed.length) }, worker));
    await flush();
    // Claimed but never tried (the pass was stopped): handed back as they were, not in doubt.
    if (next < claimed.length)
      await release(
        db,
        claimed.slice(next).map((c) => c.id),
      );
    sentToday += report.sent - sentBefore;
  }
}

/** Claims up to `limit` queued sends after `afterId`, committing attempts + 1 before any is sent. */
async function claim(db: Db, afterId: number, limit: number): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update email_sends s set attempts = s.attempts + 1
    where s.id in (
      select id from email_sends
      where status = 'queued' and id > ${afterId} and (retry_at is null or retry_at <= now())
      order by id
      limit ${limit}
      for update skip locked)
    returning s.id, s.source, s.source_id as "sourceId", s.email_to as "emailTo", s.template_version_id as "templateVersionId",
      s.invitation_id as "invitationId", s.invitee_id as "inviteeId", s.token_values as "tokenValues", s.attempts, s.throttles`.execute(
    db,
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Undoes the claim of sends this pass never tried. */
async function release(db: Db, ids: number[]) {
  await db
    .updateTable('emailSends')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

async function deliverOne(
  db: Db,
  row: Claimed,
  transport: MailTransport,
  ctx: {
    key: string;
    base: string;
    rate: SendRate;
    delays: ThrottleDelays;
    signal?: AbortSignal | undefined;
    provider: MailProvider;
    config: ProviderConfig;
  },
): Promise<Outcome> {
  const fail = (message: string, messageId = ''): Outcome => ({
    id: row.id,
    status: 'failed',
    message,
    messageId,
    event: { sendId: row.id, name: 'rejected', message, providerEventId: `local:${row.id}:rejected` },
  });
  const system = row.templateVersionId === null && isSystemSource(row.source);
  if (row.templateVersionId === null && !system) return fail('The template version of this email no longer exists');
  if (row.attempts > MAX_ATTEMPTS) return fail(`Gave up after ${MAX_ATTEMPTS} attempts`);
  let message: OutgoingMessage;
  try {
    const compiled =
      row.templateVersionId === null
        ? { ...(await systemMessage(row.source)), ...systemSender(ctx.config) }
        : await compiledVersion(db, row.templateVersionId);
    const values = { ...row.tokenValues };
    const headers: Record<string, string> = ctx.provider.headers(row.id, ctx.config);
    if (isInvitationSource(row.source) && row.invitationId !== null && row.inviteeId !== null) {
      const ids = { invitationId: row.invitationId, inviteeId: row.inviteeId, ...unsubscribeNames(row) };
      values.unsubscribeUrl ??= await unsubscribeUrl(db, ids, { baseUrl: ctx.base });
      // A test copy goes to staff: no one-click button that could act for the real invitee.
      if (ids.kind !== 'test') {
        headers['List-Unsubscribe'] = `<${await unsubscribeApiUrl(db, ids, { baseUrl: ctx.base })}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
    }
    // A system message's one-time link goes straight to its owner: no click redirect, no open pixel.
    const tracking = system ? undefined : trackingFor(ctx.base, ctx.key, row.id);
    const { subject, html, text } = personalise(compiled, values, tracking);
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

  await ctx.rate.wait(ctx.signal);
  let result: TransportResult;
  try {
    result = await transport.send(message);
  } catch (err) {
    result = { accepted: false, permanent: false, response: err instanceof Error ? err.message : String(err) };
  }
  if (result.accepted) {
    ctx.rate.accepted();
    return {
      id: row.id,
      status: 'sent',
      message: null,
      messageId: message.messageId,
      providerMessageId: ctx.provider.messageIdFromReply(result.response),
      event: { sendId: row.id, name: 'sent', message: result.response, providerEventId: `local:${row.id}:sent` },
    };
  }
  if (result.permanent) return fail(result.response, message.messageId);
  if (result.throttled) {
    const wait = throttleDelay(row.throttles, ctx.delays);
    ctx.rate.throttled(Math.min(wait, ctx.delays.baseMs));
    return {
      id: row.id,
      status: 'queued',
      message: `Waiting ${Math.round(wait / 1000)} s: the provider is throttling (${result.response})`,
      messageId: message.messageId,
      event: null,
      retryAt: new Date(Date.now() + wait),
      throttled: true,
    };
  }
  if (row.attempts >= MAX_ATTEMPTS)
    return fail(`Gave up after ${MAX_ATTEMPTS} attempts: ${result.response}`, message.messageId);
  // The server said "later" for this message: no flag (a recipient's deferral arrives as a provider event).
  return {
    id: row.id,
    status: 'queued',
    message: `Temporarily refused (attempt ${row.attempts} of ${MAX_ATTEMPTS}): ${result.response}`,
    messageId: message.messageId,
    event: null,
    retryAt: new Date(Date.now() + throttleDelay(row.attempts, ctx.delays)),
  };
}

/** What an invitation email's unsubscribe link names (see UnsubscribeKind): the reminder, the tickler's send, or '0' for a test. */
function unsubscribeNames(row: Pick<Claimed, 'id' | 'source' | 'sourceId'>): {
  emailId: string | number;
  kind: UnsubscribeKind;
} {
  if (row.source.endsWith('_test')) return { emailId: '0', kind: 'test' };
  if (row.source === 'invitation_email') return { emailId: row.sourceId, kind: 'reminder' };
  return { emailId: row.id, kind: 'tickler' };
}

/** Writes a group of outcomes in one transaction: statuses, then their events and flags. */
async function writeOutcomes(db: Db, outcomes: Outcome[]) {
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::bigint, ${o.status}, ${o.message}, ${o.messageId || null}, ${o.retryAt ?? null}::timestamptz, ${o.throttled ?? false}::boolean, ${o.providerMessageId ?? null}::text)`,
    ),
  );
  await db.transaction().execute(async (trx) => {
    await sql`
      update email_sends s set
        status = v.status,
        send_status_message = v.message,
        message_id = coalesce(v.message_id, s.message_id),
        send_at = case when v.status = 'sent' then now() else s.send_at end,
        retry_at = v.retry_at,
        -- Throttling gives the claim's attempt back and counts toward the next, longer wait.
        attempts = case when v.throttled then greatest(s.attempts - 1, 0) else s.attempts end,
        throttles = case when v.throttled then s.throttles + 1 else 0 end,
        provider_message_id = coalesce(v.provider_message_id, s.provider_message_id)
      from (values ${values}) as v(id, status, message, message_id, retry_at, throttled, provider_message_id)
      where s.id = v.id and s.status = 'queued'`.execute(trx);
    await recordEmailEvents(
      trx,
      outcomes.flatMap((o) => (o.event ? [o.event] : [])),
    );
  });
}
