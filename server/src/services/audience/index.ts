import { sql } from 'kysely';
import type { InviteCountBucket, TestSegment } from '@app/contract';
import type { Db } from '../../db/database.js';

export type Audience = { inviteCount: InviteCountBucket; testValue: TestSegment };

const BUCKET_TIMES: Record<Exclude<InviteCountBucket, 'All'>, number> = {
  '1st time': 1,
  '2nd time': 2,
  '3rd time': 3,
  '4th or more times': 4,
};

/**
 * A reminder's or mailing's audience within one invitation as a condition on `invitees as iv`: valid
 * (not removed) invitees of its invite-count bucket and test segment.
 * @example db.selectFrom('invitees as iv').select('iv.id').where(audienceCondition(invitationId, { inviteCount: '1st time', testValue: 'All' }))
 */
export function audienceCondition(invitationId: number, audience: Audience) {
  const parts = [sql`iv.invitation_id = ${invitationId}`, sql`not iv.removed`];
  if (audience.inviteCount !== 'All') {
    const times = BUCKET_TIMES[audience.inviteCount];
    parts.push(times === 4 ? sql`iv.invite_count >= 4` : sql`iv.invite_count = ${times}`);
  }
  if (audience.testValue !== 'All') parts.push(sql`iv.test_value = ${audience.testValue}`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The `valid:<times>:<segment>` keys of invitation_event_counts an audience sums (migration 0015). */
export function audienceKeys(audience: Audience): string[] {
  const times = audience.inviteCount === 'All' ? [1, 2, 3, 4] : [BUCKET_TIMES[audience.inviteCount]];
  const segments = audience.testValue === 'All' ? ['Control', 'Variation', '-'] : [audience.testValue];
  return times.flatMap((t) => segments.map((s) => `valid:${t}:${s}`));
}

/**
 * How many valid invitees an audience holds, from the counts the invitee triggers keep (a few rows
 * however large the invitation): what a reminder will reach, before suppression at send time.
 */
export async function audienceSize(db: Db, invitationId: number, audience: Audience): Promise<number> {
  const row = await db
    .selectFrom('invitationEventCounts')
    .select(sql<number>`coalesce(sum(n), 0)::int`.as('n'))
    .where('invitationId', '=', invitationId)
    .where('event', 'in', audienceKeys(audience))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * The same size as a SQL expression over a row `alias` holding `invitation_id`, `invite_count` and
 * `test_value` (a reminder or a mailing): for lists and per-day sums of many rows in one statement.
 * @example db.selectFrom('invitationEmails as e').select(audienceSizeSql('e').as('projected'))
 */
export function audienceSizeSql(alias: string) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<number>`(
    select coalesce(sum(c.n), 0)::int from invitation_event_counts c
    where c.invitation_id = ${col('invitation_id')} and c.event like 'valid:%'
      and (${col('invite_count')} = 'All' or split_part(c.event, ':', 2) = case ${col('invite_count')}
        when '1st time' then '1' when '2nd time' then '2' when '3rd time' then '3' else '4' end)
      and (${col('test_value')} = 'All' or split_part(c.event, ':', 3) = ${col('test_value')}))`;
}
