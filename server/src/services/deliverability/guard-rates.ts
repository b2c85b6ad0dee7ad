import { sql } from 'kysely';
import type { GuardWindow } from '@app/contract';
import type { Db } from '../../db/database.js';

/*
 * The guards' rates (issue 37 §3): sends sent, hard-bounced and complained about over the last 24 hours and 7
 * days, per scope (an invitation's id, or 0: the whole account), read from email_guard_counts (10-minute
 * buckets kept by a trigger on the events, migration 0037d): at most 1,008 rows a scope, whatever the events.
 * `guard` windows count only from the scope's last resume: a resumed campaign is judged on what it sends after.
 */

export type ScopeWindows = { day: GuardWindow; week: GuardWindow; guardDay: GuardWindow; guardWeek: GuardWindow };

const zero = (): GuardWindow => ({ sent: 0, bounced: 0, complained: 0 });

/** The windows of the scopes that sent in the last 7 days (only `scopes` when given). */
export async function scopeWindows(db: Db, scopes?: number[]): Promise<Map<number, ScopeWindows>> {
  const only = scopes ? sql`and c.scope = any(${scopes}::bigint[])` : sql``;
  const sums = (prefix: string, where: string) =>
    sql.raw(
      ['sent', 'bounced', 'complained']
        .map((k) => `coalesce(sum(c.${k}) filter (where ${where}), 0)::bigint as "${prefix}${k}"`)
        .join(', '),
    );
  const day = "c.bucket > now() - interval '24 hours'";
  const after = "c.bucket >= coalesce(r.at, now() - interval '8 days')";
  const { rows } = await sql<Record<string, number>>`
    with resumed as (
      select coalesce(invitation_id, 0) as scope, max(resumed_at) as at from email_guard_pauses
      where resumed_at is not null group by 1)
    select c.scope, ${sums('day', day)}, ${sums('week', 'true')}, ${sums('gday', `${day} and ${after}`)},
      ${sums('gweek', after)}
    from email_guard_counts c left join resumed r on r.scope = c.scope
    where c.bucket > now() - interval '7 days' ${only}
    group by c.scope`.execute(db);
  const pick = (row: Record<string, number>, prefix: string): GuardWindow => ({
    sent: Number(row[`${prefix}sent`]),
    bounced: Number(row[`${prefix}bounced`]),
    complained: Number(row[`${prefix}complained`]),
  });
  return new Map(
    rows.map((row) => [
      Number(row.scope),
      { day: pick(row, 'day'), week: pick(row, 'week'), guardDay: pick(row, 'gday'), guardWeek: pick(row, 'gweek') },
    ]),
  );
}

export const emptyWindows = (): ScopeWindows => ({ day: zero(), week: zero(), guardDay: zero(), guardWeek: zero() });
