import { sql, type RawBuilder } from 'kysely';

/** A source's send-log counts (email_send_counts, kept by triggers on email_sends, migration 0016). */
export type SendCounts = {
  sends: number;
  queued: number;
  suppressed: number;
  failed: number;
  sent: number;
  delivered: number;
  deferred: number;
  rejected: number;
  opened: number;
  clicked: number;
  bouncedSoft: number;
  bouncedHard: number;
  spam: number;
  unsub: number;
};

const EVENTS: Array<[keyof SendCounts, string]> = [
  ['sends', 'sends'],
  ['queued', 'queued'],
  ['suppressed', 'suppressed'],
  ['failed', 'failed'],
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['deferred', 'deferred'],
  ['rejected', 'rejected'],
  ['opened', 'opened'],
  ['clicked', 'clicked'],
  ['bouncedSoft', 'bounced_soft'],
  ['bouncedHard', 'bounced_hard'],
  ['spam', 'spam'],
  ['unsub', 'unsub'],
];

/**
 * The counts of one (source, source id) as a JSON object in a select: a few rows of the kept counts,
 * however many sends the source made.
 * @example db.selectFrom('invitationEmails as e').select(sendCountsSql('invitation_email', sql`e.id::text`).as('counts'))
 */
export function sendCountsSql(source: string, sourceId: RawBuilder<unknown>) {
  const fields = EVENTS.map(
    ([key, event]) => sql`${sql.lit(key)}, coalesce(sum(c.n) filter (where c.event = ${sql.lit(event)}), 0)::int`,
  );
  return sql<SendCounts>`(select json_build_object(${sql.join(fields)}) from email_send_counts c
    where c.source = ${source} and c.source_id = ${sourceId})`;
}
