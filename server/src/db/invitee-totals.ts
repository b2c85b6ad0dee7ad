import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from './database.js';
import { inScopeInvitation, scoped } from './chapter-scope.js';

type ListQuery = z.output<typeof import('@app/contract').InviteeListQuery>;
/** An invitee list's filters: the query's, within one invitation or across all. */
export type InviteeFilters = Omit<ListQuery, 'page' | 'pageSize' | 'sort'> & { invitationId?: number };

/**
 * The filters whose total is kept (one at a time, within an invitation or across all). Any other filter
 * given (a search, or one added to the query later) means counting the rows; the test walks this list.
 */
export const KEPT_TOTAL_FILTERS = ['removed', 'test', 'inviteCount', 'event'] as const satisfies ReadonlyArray<
  keyof InviteeFilters
>;
const keptFilter = (key: string): key is (typeof KEPT_TOTAL_FILTERS)[number] =>
  (KEPT_TOTAL_FILTERS as readonly string[]).includes(key);

/**
 * The total of a list with at most one of KEPT_TOTAL_FILTERS and no other filter, from kept counts: an event from
 * invitation_event_counts (triggers), removed, test or times invited from the counts processing keeps on
 * each invitation (the rows never change those three afterwards). A filter over millions of rows is
 * counted from a few hundred. Only the invitations of the request's chapter scope count (issue 35 §3): an
 * advisor's total is the sum over its chapters' invitations, as exact as an admin's. Undefined (count the rows)
 * for any other list, or while an invitation in scope holds invitees no finished run counted.
 */
export async function keptInviteeTotal(db: Db, filters: InviteeFilters): Promise<number | undefined> {
  const given = Object.entries(filters).filter(
    ([key, value]) => key !== 'invitationId' && value !== undefined && value !== '',
  );
  if (given.length > 1 || given.some(([key]) => !keptFilter(key))) return undefined;
  if (filters.event) {
    // Kept exact by triggers as rows and flags change: always an answer.
    let events = scoped(
      db.selectFrom('invitationEventCounts').where('event', '=', filters.event),
      inScopeInvitation('invitationEventCounts.invitationId'),
    );
    if (filters.invitationId !== undefined) events = events.where('invitationId', '=', filters.invitationId);
    const { total } = await events
      .select(sql<number>`coalesce(sum(n), 0)::bigint`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
  let qb = scoped(db.selectFrom('invitations'), 'invitations.chapterId');
  if (filters.invitationId !== undefined) qb = qb.where('id', '=', filters.invitationId);
  const bucket = { '1': 1, '2': 2, '3': 3, '4+': 4 } as const;
  const part =
    filters.removed === true
      ? sql`count_removed`
      : filters.removed === false
        ? sql`count_valid`
        : filters.test === true
          ? sql`count_valid_variation`
          : filters.test === false
            ? sql`count_valid + count_removed - count_valid_variation`
            : filters.inviteCount
              ? sql`count_by_invites[${sql.lit(bucket[filters.inviteCount])}]`
              : sql`count_valid + count_removed`;
  const row = await qb
    .select([
      sql<number>`coalesce(sum(${part}), 0)::bigint`.as('total'),
      // Counts are final once a run has finished (processed_at); a Draft never processed has no invitee.
      sql<boolean>`bool_or(status = 'DB Processing' or (processed_at is null and exists (select 1 from invitees i where i.invitation_id = invitations.id)))`.as(
        'unsure',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row.unsure ? undefined : Number(row.total);
}
