import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
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
      s.invitation_id as "invitationId", s.invitee_id as "inviteeId", s.token_values as "tokenValues", s.attempts, s.throttles`.execute(
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
        provider_message_id = coalesce(v.provider_message_id, s.provider_message_id)
      from (values ${values}) as v(id, status, message, message_id, retry_at, throttled, provider_message_id)
      where s.id = v.id and s.status = 'queued'`.execute(trx);
    await recordEmailEvents(
      trx,
      outcomes.flatMap((o) => (o.event ? [o.event] : [])),
    );
  });
}
