import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sendRate, THROTTLE_DELAYS, type ThrottleDelays } from './send-rate.js';
import { sql, type Kysely } from 'kysely';
import type { DB, Db } from '../../db/database.js';
import { publicBaseUrl, trackingKey } from './tracking.js';
import { mailProvider, type SendQuota } from './providers/index.js';
import { createTransport, type MailTransport } from './transport.js';
import type { MailConfig } from './mail-config.js';
import {
  acceptedEarlier,
  acceptedMarker,
  claim,
  nextRetryIn,
  release,
  sentInLast24h,
  writeOutcomes,
  type Outcome,
} from './send-queue.js';
import { deliverOne } from './deliver-one.js';
import { sendFeed } from './send-feed.js';
import { passPacing } from '../deliverability/pass-pacing.js';
import { sentThisUtcDay, warmupLimit } from '../deliverability/warmup.js';
import { withWarmupSchedule } from '../deliverability/warmup-schedule.js';

/*
 * Delivery, and what a crash costs.
 *
 * A pass claims queued sends in batches (`for update skip locked`, committed at once with
 * attempts + 1: the attempt marker), sends them, and writes each outcome (status 'sent' with sendAt,
 * the 'sent' flag and event, the Message-ID; or 'failed' with the reason) in small groups as they
 * complete. Before that, an accepted message is marked (send_at, Message-ID, the server's reply: one
 * statement for all connections, send-queue.ts acceptedMarker); its connection's next message goes out
 * meanwhile, but its end (the server's cue to accept it) waits for that mark (transport.ts, `gate`). A send
 * 'queued' with attempts > 0 when a pass starts was claimed by a pass that died: marked accepted, it is
 * recorded as sent and not sent again; otherwise it is *in doubt* (it may or may not have left).
 *
 * The choice: at-least-once, never at-most-once: an in-doubt send is sent again, never dropped, so no
 * message is lost. It is sent again with the same Message-ID (derived from the send id and the
 * installation's key), so:
 * - the outbox (no SMTP_URL) is exactly once: its row is keyed by the send id, a second write does nothing;
 * - over SMTP a repeat can only happen for the messages on the wire when the pass died (the server may
 *   have accepted them in the moment before their mark): at most one per open connection, about the rate
 *   times the server's answer time, and it carries the same Message-ID, which receiving systems and
 *   providers use to drop duplicates.
 * A send is tried at most MAX_ATTEMPTS times; permanent refusals (5xx) fail at once with the server's
 * answer; temporary ones (other 4xx) wait (retry_at) and use up an attempt.
 *
 * Throttling is not failure: a 421 or 454 (SES's `454 Throttling failure`), a refused connection or a
 * timeout is the provider limiting us. The send waits with growing delays (send-rate.ts: 5 s doubling,
 * at most an hour), keeps its attempts, and sets no `deferred` flag (that flag is the recipient's server
 * deferring, reported by provider events); the pass's rate halves and recovers as messages are accepted
 * again. A pass waits for sends due again within a minute rather than leaving them to the next.
 *
 * Per recipient domain (services/deliverability): a 4xx to RCPT is that domain's server deferring. It
 * slows and holds that domain (or the hosting organisation it shares a budget with) alone; a held domain's
 * sends are left out of claims and never waited for, so the other domains go on at full speed.
 *
 * One pass at a time in the whole installation: the job's queue is `singleton`, and the pass also holds a
 * session advisory lock, which dies with its connection, so a pass that pg-boss gave up on while it still ran
 * cannot overlap the next. That is also what makes the rate a global one.
 */

/**
 * SMTP connections a pass may open (EMAIL_SMTP_CONNECTIONS): its messages in flight at most, so what a crash may
 * send twice (issue 37 §5: at most 10 a kill). A pass uses about rate x answer time of them: 10 carry 50/s from
 * a server answering within 200 ms; a relay answering in 250 ms needs 13 (set EMAIL_SMTP_CONNECTIONS).
 */
export const DEFAULT_CONNECTIONS = 10;
/** Outcomes recorded per statement (sends already marked accepted one by one, see acceptedMarker). */
const FLUSH_EVERY = 25;
const BATCH = 200;
const LOCK_KEY = 7_340_001; // pg advisory lock: one delivery pass at a time

export type DeliveryOptions = {
  /** Default: SMTP when SMTP_URL is set, else the outbox. */
  transport?: MailTransport;
  /** Messages in flight at once (the SMTP pool's connections). Default EMAIL_SMTP_CONNECTIONS, else DEFAULT_CONNECTIONS. */
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
    const connections = Math.max(1, options.connections ?? config.EMAIL_SMTP_CONNECTIONS ?? DEFAULT_CONNECTIONS);
    const transport = options.transport ?? createTransport(db, config, connections);
    // Every connection may wait on the stop signal at once.
    if (options.signal) setMaxListeners(connections + 10, options.signal);
    try {
      await run(db, config, transport, { ...options, connections }, report);
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
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  const started = performance.now();
  const maxMs = options.maxMs ?? 50 * 60_000;
  const provider = mailProvider(config);
  // The provider's own quota (SES) rules what goes through it; the outbox has none.
  const providerQuota = transport.kind === 'smtp' && provider.quota ? provider.quota.bind(provider) : null;
  // The quota read last, and what this pass sent since (the worker closures count it).
  let quota = null as { read: SendQuota; sentSince: number } | null;
  let afterId = 0;
  let sentToday = await sentInLast24h(db);
  // Warm-up (EMAIL_WARMUP_START): the day's limit, and what was sent since the day began.
  const { schedule } = await withWarmupSchedule(db, config);
  const warmup = warmupLimit(config.EMAIL_WARMUP_START, config.EMAIL_DAILY_QUOTA, new Date(), schedule);
  let sentThisDay = warmup ? await sentThisUtcDay(db) : 0;
  const pacing = passPacing(db, config, delays);
  const marker = acceptedMarker(db);
  await pacing.start();

  const sendContext = { key, base, rate, delays, signal: options.signal, provider, config };
  const stopped = () => options.signal?.aborted || performance.now() - started >= maxMs;
  /** Room left for a claim: the daily quota, the warm-up day's limit and the provider's quota. */
  const roomNow = async () => {
    let room = config.EMAIL_DAILY_QUOTA - sentToday;
    if (warmup) room = Math.min(room, warmup.limit - sentThisDay);
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
    return room;
  };
  // Claimed and not yet settled (the room counts them as sent), and claimed but left for later (their domain held).
  let open = 0;
  const skipped: number[] = [];
  const leave = (id: number) => {
    open--;
    skipped.push(id);
  };
  /** The next batch: what is due after the last one claimed, within the room, its domains not held. */
  const claimNext = async (room: number, held = pacing.held()) => {
    const rows = room > 0 ? await claim(db, afterId, Math.min(BATCH, room), held.domains) : [];
    if (rows.length) {
      afterId = rows[rows.length - 1]!.id;
      open += rows.length;
      await pacing.learn(rows);
    }
    return rows;
  };

  while (!stopped()) {
    const room = await roomNow();
    if (room <= 0) {
      report.quotaReached = true;
      options.log?.warn(
        { quota: config.EMAIL_DAILY_QUOTA, provider: quota?.read, warmup },
        warmup && warmup.limit - sentThisDay <= 0
          ? `warm-up day ${warmup.day}: its limit of ${warmup.limit} is reached, the rest waits for the next day`
          : 'daily email quota reached: the rest waits for a later pass',
      );
      break;
    }
    // Which domains are held, and until when, read once: the claim and the wait below agree on it.
    const held = pacing.held();
    const claimed = await claimNext(room, held);
    if (!claimed.length) {
      // Sends waiting out throttling, a temporary refusal or their domain's pace, due soon: wait for them here.
      const due = minDue(await nextRetryIn(db, held.domains), afterId > 0 ? 0 : held.dueMs);
      const left = maxMs - (performance.now() - started);
      if (due === null || due > Math.min(options.maxIdleMs ?? 60_000, left)) break;
      await sleep(Math.max(due, 5), undefined, { signal: options.signal }).catch(() => {});
      afterId = 0;
      continue;
    }
    // Later batches are claimed while this one's last sends are on the wire, until a claim finds nothing due.
    const feed = sendFeed(
      claimed,
      async () => {
        if (stopped()) return [];
        if (skipped.length) await release(db, skipped.splice(0));
        await pacing.flush();
        return claimNext((await roomNow()) - open);
      },
      connections,
    );
    const pending: Outcome[] = [];
    let flushing = Promise.resolve();
    const flush = () => {
      const group = pending.splice(0);
      if (group.length) flushing = flushing.then(() => writeOutcomes(db, group));
      return flushing;
    };
    const record = (outcome: Outcome) => {
      open--;
      pending.push(outcome);
      if (pending.length >= FLUSH_EVERY) void flush();
    };
    const worker = async () => {
      // This connection's last acceptance being marked: the next message's end waits for it (transport.ts, gate).
      let marked: Promise<unknown> = Promise.resolve();
      // A stop (SIGTERM, a lost claim) ends the pass after the sends in flight: what is sent is recorded below.
      for (let row = await feed.take(); row; row = await feed.take()) {
        if (options.signal?.aborted) {
          leave(row.id);
          break;
        }
        // Accepted by a pass that died before recording it: recorded now, not sent again.
        const earlier = acceptedEarlier(row);
        if (earlier) {
          record(earlier);
          continue;
        }
        // Its domain is held (deferring, or at its rate): left for later, not tried.
        if (!pacing.mayStart(row)) {
          leave(row.id);
          continue;
        }
        const outcome = pacing.after(row, await deliverOne(db, row, transport, { ...sendContext, gate: marked }));
        await marked;
        if (outcome.status === 'sent') {
          report.sent++;
          sentToday++;
          sentThisDay++;
          if (quota) quota.sentSince++;
        } else if (outcome.status === 'failed') report.failed++;
        else if (outcome.throttled) report.throttled++;
        else report.deferred++;
        // Marked before this connection's next message can be accepted (a crash repeats at most the messages on the
        // wire), and recorded once marked (the outcome's write and the mark never hold the same rows at once).
        // A failed mark is thrown where awaited, and is not unhandled while the connection waits for a claim.
        if (outcome.status === 'sent') (marked = marker.accepted(outcome).then(() => record(outcome))).catch(() => {});
        else record(outcome);
      }
      await marked;
    };
    const done = await Promise.allSettled(Array.from({ length: connections }, worker));
    await flush();
    await pacing.flush();
    // Claimed but never tried (the pass was stopped, or their domain was held): handed back as they were, not in doubt.
    const untaken = await feed.untaken();
    open -= untaken.length;
    const untried = [...skipped.splice(0), ...untaken.map((c) => c.id)];
    if (untried.length) await release(db, untried);
    const failed = done.find((d) => d.status === 'rejected');
    if (failed) throw failed.reason;
  }
  await pacing.flush(true);
}

const minDue = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
