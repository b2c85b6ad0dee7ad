import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedStatement } from '../../db/prepared.js';
import type { EmailSourceKey } from '../../db/tables/email.js';
import { recordEmailEvents, type EmailEventInput } from './events.js';

// The queue of sends in email_sends as a delivery pass reads and writes it: claim, release, outcomes.

export type Claimed = {
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
  /** Set while 'queued' only when an earlier pass had it accepted (markAccepted): its Message-ID, the provider's id and the reply. */
  sendAt: Date | null;
  messageId: string | null;
  providerMessageId: string | null;
  sendStatusMessage: string | null;
};

/** What became of one claimed send, written back by writeOutcomes. */
export type Outcome = {
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
  /** The recipient's server deferred it (a 4xx to RCPT): its answer, which slows that domain (services/deliverability). */
  domainDeferral?: string;
};

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

/** Milliseconds until the first waiting send is due again, or null when none waits (sends to `held` domains aside). */
export async function nextRetryIn(db: Db, held: string[] = []): Promise<number | null> {
  const { rows } = await sql<{ ms: number | null }>`
    select extract(epoch from min(retry_at) - now()) * 1000 as ms
    from email_sends where status = 'queued' and retry_at is not null ${notHeld(held)}`.execute(db);
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

const notHeld = (held: string[]) =>
  held.length ? sql`and lower(split_part(email_to, '@', 2)) <> all(${held}::text[])` : sql``;

/**
 * Claims up to `limit` queued sends after `afterId`, committing attempts + 1 before any is sent; sends to
 * the recipient domains in `held` (pacing holds them) are left.
 */
export async function claim(db: Db, afterId: number, limit: number, held: string[] = []): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update email_sends s set attempts = s.attempts + 1
    where s.id in (
      select id from email_sends
      where status = 'queued' and id > ${afterId} and (retry_at is null or retry_at <= now()) ${notHeld(held)}
      order by id
      limit ${limit}
      for update skip locked)
    returning s.id, s.source, s.source_id as "sourceId", s.email_to as "emailTo", s.template_version_id as "templateVersionId",
      s.invitation_id as "invitationId", s.invitee_id as "inviteeId", s.token_values as "tokenValues", s.attempts, s.throttles,
      s.send_at as "sendAt", s.message_id as "messageId", s.provider_message_id as "providerMessageId", s.send_status_message as "sendStatusMessage"`.execute(
    db,
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Undoes the claim of sends this pass never tried. */
export async function release(db: Db, ids: number[]) {
  await db
    .updateTable('emailSends')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .execute();
}

/** Writes a group of outcomes in one transaction: statuses, then their events and flags. */
export async function writeOutcomes(db: Db, outcomes: Outcome[]) {
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
        provider_message_id = coalesce(v.provider_message_id, s.provider_message_id),
        -- The 'sent' flag in the same new row version as the status: the event recorded below finds it set, and
        -- the send is not written a fourth time (each version is an entry in every index of email_sends).
        sent = s.sent or v.status = 'sent'
      from (values ${values}) as v(id, status, message, message_id, retry_at, throttled, provider_message_id)
      where s.id = v.id and s.status = 'queued'`.execute(trx);
    await recordEmailEvents(
      trx,
      outcomes.flatMap((o) => (o.event ? [o.event] : [])),
    );
  });
}

/**
 * Marks sends accepted by the server, in one statement: `send_at`, the Message-ID, the provider's id and the
 * server's reply, the status left 'queued' until writeOutcomes records it all. A send 'queued' with a
 * `send_at` was accepted by a pass that died before recording it: the next claim finishes it (acceptedEarlier)
 * and does not send it again.
 */
async function markAccepted(db: Db, outcomes: Outcome[]) {
  await markAcceptedStatement(
    db,
    outcomes.map((o) => o.id),
    outcomes.map((o) => o.messageId || null),
    outcomes.map((o) => o.providerMessageId ?? null),
    outcomes.map((o) => o.event?.message ?? null),
  );
}

// One statement text whatever the count of sends (arrays, not a row per send): prepared once per connection.
const markAcceptedStatement = preparedStatement(
  'mark-accepted',
  (
    db,
    ids: number[],
    messageIds: (string | null)[],
    providerMessageIds: (string | null)[],
    replies: (string | null)[],
  ) => ({
    compile: () =>
      sql`
      update email_sends s set send_at = now(), message_id = coalesce(v.message_id, s.message_id),
        provider_message_id = coalesce(v.provider_message_id, s.provider_message_id), send_status_message = v.reply
      from unnest(${ids}::bigint[], ${messageIds}::text[], ${providerMessageIds}::text[], ${replies}::text[])
        as v(id, message_id, provider_message_id, reply)
      where s.id = v.id and s.status = 'queued'`.compile(db),
  }),
);

/** The outcome of a claimed send that an earlier pass marked accepted (markAccepted) and died before recording, or null. */
export function acceptedEarlier(row: Claimed): Outcome | null {
  if (!row.sendAt) return null;
  const message = row.sendStatusMessage ?? 'accepted';
  return {
    id: row.id,
    status: 'sent',
    message: null,
    messageId: row.messageId ?? '',
    providerMessageId: row.providerMessageId,
    event: { sendId: row.id, name: 'sent', message, providerEventId: `local:${row.id}:sent` },
  };
}

/**
 * Group commit of accepted sends (markAccepted): `accepted(outcome)` resolves once it is marked. What arrives
 * while a statement is under way goes in the next one, so one statement carries the sends of every
 * connection that waited meanwhile, and a connection takes its next message only once its last is marked.
 */
export function acceptedMarker(db: Db) {
  let waiting: { outcome: Outcome; done: (err?: unknown) => void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length) {
      const group = waiting;
      waiting = [];
      const err = await markAccepted(
        db,
        group.map((g) => g.outcome),
      ).then(
        () => undefined,
        (e: unknown) => e ?? new Error('marking accepted sends failed'),
      );
      for (const g of group) g.done(err);
    }
    writing = false;
  };
  return {
    accepted: (outcome: Outcome) =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ outcome, done: (err) => (err ? reject(err) : resolve()) });
        if (!writing) void drain();
      }),
  };
}
