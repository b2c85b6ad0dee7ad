import { sql } from 'kysely';
import type { z } from 'zod';
import {
  INVITE_COUNT_BUCKETS,
  TEST_SEGMENTS,
  addDays,
  scheduledDayCount,
  scheduledLevel,
  shareOf,
  type EmailScheduledDay,
  type InstitutionStatsRow,
  type InviteeStats,
  type Paged,
} from '@app/contract';
import type { Db } from '../../db/database.js';
import { likePattern, paginate, type SortMap } from '../../db/list.js';
import { fileUrl } from '../../services/files.js';
import { audienceKeys } from '../../services/audience/index.js';
import { inScope, inScopeInvitation } from '../../services/auth/chapter-scope.js';

/*
 * Everything here reads kept counts (migration 0015's invitation_event_counts, one row per invitation
 * and event key, and the invitations' count_* columns), never invitees or the send log: a call costs a
 * few rows per invitation however many invitees and events there are.
 */

type StatsQuery = z.output<typeof import('@app/contract').InstitutionStatsQuery>;

/** The event keys the screens read: pledged = 'pledge' (pledged, not paid) + 'paid'. */
const EVENTS = ['paid', 'pledge', 'sent', 'delivered', 'opened', 'clicked', 'unsub'];

/** Spec 02 §3 invitee stats over every invitation, in one statement. */
export async function inviteeStats(db: Db): Promise<InviteeStats> {
  const { rows } = await sql<InviteeStats>`
    with ev as (
      select
        coalesce(sum(n) filter (where event = 'paid'), 0)::bigint as emailpaids,
        coalesce(sum(n) filter (where event in ('paid', 'pledge')), 0)::bigint as emailpledges,
        coalesce(sum(n) filter (where event = 'sent'), 0)::bigint as emailsent,
        coalesce(sum(n) filter (where event = 'delivered'), 0)::bigint as emaildelivered,
        coalesce(sum(n) filter (where event = 'opened'), 0)::bigint as emailopened,
        coalesce(sum(n) filter (where event = 'clicked'), 0)::bigint as emailclicked,
        coalesce(sum(n) filter (where event = 'unsub'), 0)::bigint as emailunsub
      from invitation_event_counts where event = any(${EVENTS}::text[]) and ${inScope(inScopeInvitation('invitationId'))}),
    inv as (
      select coalesce(sum(count_valid), 0)::bigint as countvalid, coalesce(sum(count_fresh), 0)::bigint as countfresh,
        coalesce(sum(count_removed), 0)::bigint as countremoved
      from invitations where ${inScope('chapterId')})
    select ev.*, inv.* from ev, inv`.execute(db);
  const row = rows[0]!;
  return {
    emailpaids: row.emailpaids,
    emailpledges: row.emailpledges,
    countvalid: row.countvalid,
    countfresh: row.countfresh,
    countremoved: row.countremoved,
    emailsent: row.emailsent,
    emaildelivered: row.emaildelivered,
    emailopened: row.emailopened,
    emailclicked: row.emailclicked,
    emailunsub: row.emailunsub,
  };
}

// ---------------------------------------------------------------- stats by institution

/** One group: an institution's invitations with one deadline, their counts summed. */
type Group = {
  institutionId: number;
  deadline: string;
  rowKey: number;
  valid: number;
  pledged: number;
  joined: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
};

const rate = (part: string, whole: string) =>
  sql<number | null>`(${sql.ref(part)}::float8 / nullif(${sql.ref(whole)}, 0))`;

const statsSort: SortMap<StatsQuery['sort'][number]['field']> = {
  institution_name: 'i.name',
  deadline: 'g.deadline',
  ratio_pledged: rate('g.pledged', 'g.valid'),
  ratio_joined: rate('g.joined', 'g.valid'),
  ratio_sent: rate('g.delivered', 'g.sent'),
  ratio_opened: rate('g.opened', 'g.delivered'),
  ratio_ctr: rate('g.clicked', 'g.delivered'),
};

/**
 * The groups of the invitations the filters keep: each invitation's event counts read through the
 * primary key (invitation_id, event), so the cost follows the invitations kept, not all of them.
 */
function groups(filters: Pick<StatsQuery, 'search' | 'deadlineFrom' | 'deadlineTo'>) {
  const where = [inScope('inv.chapterId')];
  if (filters.search) where.push(sql`i.search like ${likePattern(filters.search.toLowerCase())}`);
  if (filters.deadlineFrom) where.push(sql`inv.deadline >= ${filters.deadlineFrom.slice(0, 10)}::date`);
  if (filters.deadlineTo) where.push(sql`inv.deadline <= ${filters.deadlineTo.slice(0, 10)}::date`);
  // row_key: one unique number per (deadline, institution), the pager's tie-break.
  return sql<Group>`(
    select inv.institution_id, to_char(inv.deadline, 'YYYY-MM-DD') as deadline,
      (inv.deadline - date '2000-01-01')::bigint * 4294967296 + inv.institution_id as row_key,
      sum(inv.count_valid)::bigint as valid,
      coalesce(sum(e.pledged), 0)::bigint as pledged, coalesce(sum(e.joined), 0)::bigint as joined,
      coalesce(sum(e.sent), 0)::bigint as sent, coalesce(sum(e.delivered), 0)::bigint as delivered,
      coalesce(sum(e.opened), 0)::bigint as opened, coalesce(sum(e.clicked), 0)::bigint as clicked
    from invitations inv
    join institutions i on i.id = inv.institution_id
    cross join lateral (
      select sum(c.n) filter (where c.event in ('paid', 'pledge')) as pledged, sum(c.n) filter (where c.event = 'paid') as joined,
        sum(c.n) filter (where c.event = 'sent') as sent, sum(c.n) filter (where c.event = 'delivered') as delivered,
        sum(c.n) filter (where c.event = 'opened') as opened, sum(c.n) filter (where c.event = 'clicked') as clicked
      from invitation_event_counts c where c.invitation_id = inv.id and c.event = any(${EVENTS}::text[])) e
    where ${sql.join(where, sql` and `)}
    group by inv.institution_id, inv.deadline)`;
}

/** Spec 02 §3 stats-by-institution rows, one per institution and deadline, paged and sorted. */
export async function statsByInstitution(db: Db, query: StatsQuery): Promise<Paged<InstitutionStatsRow>> {
  const qb = db
    .selectFrom(groups(query).as('g'))
    .innerJoin('institutions as i', 'i.id', 'g.institutionId')
    .select([
      'g.institutionId',
      'g.deadline',
      'g.valid',
      'g.pledged',
      'g.joined',
      'g.sent',
      'g.delivered',
      'g.opened',
      'g.clicked',
      'i.name',
      'i.abbreviation',
      sql<{
        id: number;
        fileName: string;
      } | null>`(select json_build_object('id', f.id, 'fileName', f.file_name) from files f where f.id = i.logo_id)`.as(
        'logo',
      ),
    ]);
  const page = await paginate(qb, query, statsSort, 'g.rowKey', { tieBreakerFollowsSort: true });
  return {
    pagination: page.pagination,
    items: page.items.map((g) => ({
      institution_id: g.institutionId,
      institution_name: g.name,
      institution_abbr: g.abbreviation,
      institution_logo: g.logo ? fileUrl(g.logo) : null,
      deadline: g.deadline,
      ratio_pledged: shareOf(g.pledged, g.valid),
      count_pledged: g.pledged,
      ratio_joined: shareOf(g.joined, g.valid),
      count_joined: g.joined,
      ratio_sent: shareOf(g.delivered, g.sent),
      count_sent: g.sent,
      ratio_opened: shareOf(g.opened, g.delivered),
      count_opened: g.opened,
      ratio_ctr: shareOf(g.clicked, g.delivered),
      count_clicked: g.clicked,
    })),
  };
}

// ---------------------------------------------------------------- emails scheduled per day

/** Every (bucket, segment) a reminder can have, with the valid:* keys its audience sums (audienceKeys). */
const AUDIENCE_KEYS = INVITE_COUNT_BUCKETS.flatMap((inviteCount) =>
  TEST_SEGMENTS.flatMap((testValue) =>
    audienceKeys({ inviteCount, testValue }).map((event) => ({ inviteCount, testValue, event })),
  ),
);

/**
 * Recipients of the reminders not yet started, per UTC day of their scheduled send, from `dateFrom`
 * to `dateTo` (inclusive, YYYY-MM-DD): every day of the range, in order, with its level.
 */
export async function emailsScheduledPerDay(db: Db, dateFrom: string, dateTo: string): Promise<EmailScheduledDay[]> {
  const { rows } = await sql<{ date: string; count: number }>`
    select to_char((e.send_scheduled_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, sum(c.n)::bigint as count
    from invitation_emails e
    join unnest(${AUDIENCE_KEYS.map((k) => k.inviteCount)}::text[], ${AUDIENCE_KEYS.map((k) => k.testValue)}::text[],
        ${AUDIENCE_KEYS.map((k) => k.event)}::text[]) as k(invite_count, test_value, event)
      on k.invite_count = e.invite_count and k.test_value = e.test_value
    join invitation_event_counts c on c.invitation_id = e.invitation_id and c.event = k.event
    where e.send_started_at is null and ${inScope(inScopeInvitation('e.invitationId'))}
      and e.send_scheduled_at >= ${dateFrom}::date::timestamp at time zone 'UTC'
      and e.send_scheduled_at < (${dateTo}::date + 1)::timestamp at time zone 'UTC'
    group by 1`.execute(db);
  const byDay = new Map(rows.map((r) => [r.date, Number(r.count)]));
  return Array.from({ length: scheduledDayCount(dateFrom, dateTo) }, (_, i) => {
    const date = addDays(dateFrom, i);
    const count = byDay.get(date) ?? 0;
    return { date, count, level: scheduledLevel(count) };
  });
}
