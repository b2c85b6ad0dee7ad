import { sql } from 'kysely';
import { CHANNEL_ITEMS_SHOWN, REVENUE_PER_JOIN, type ChannelSchedule, type Invitation } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { ownColumns, type ListFilters, type SortField, type SortMap } from '../../db/list.js';
import { invitationsWithNames, namesOrIdMatch } from '../../db/invitation-names.js';
import { toUploadedFile, fileUrl, type FileRow } from '../../services/files.js';
import { scoped } from '../../services/auth/chapter-scope.js';
import { abResults } from '../../services/test-variables/index.js';

/*
 * How invitations are read: the list's filters and sort, and one invitation with its counts, rates,
 * A/B results and scheduled channels (spec 02 §2), as the list, the detail and the export answer it.
 */

type ListQuery = z.output<typeof import('@app/contract').InvitationListQuery>;
type Filters = ListFilters<ListQuery>;

export const invitationSort: SortMap<SortField<ListQuery>> = {
  ...ownColumns('inv', ['id', 'deadline', 'orientationDate', 'status', 'createdAt']),
  institution: 'i.name',
  chapter: 'ch.name',
};

/** The invitations under the filters, only of the caller's chapters when it is chapter-scoped (issue 35 §3). */
export function filterInvitations(db: Db, filters: Filters) {
  let qb = scoped(invitationsWithNames(db), 'inv.chapterId');
  if (filters.search) {
    qb = qb.where(namesOrIdMatch(filters.search, ['inv.id']));
  }
  if (filters.deadlineFrom) qb = qb.where(sql<boolean>`inv.deadline >= ${filters.deadlineFrom.slice(0, 10)}::date`);
  if (filters.deadlineTo) qb = qb.where(sql<boolean>`inv.deadline <= ${filters.deadlineTo.slice(0, 10)}::date`);
  return qb;
}

/** Invitees who pledged or paid, per A/B group, through the partial indexes of migration 0015. */
const countWhere = (column: 'legacyPledgeAt' | 'legacyPaidAt', group?: 'Control' | 'Variation') =>
  sql<number>`(select count(*) from invitees iv where iv.invitation_id = inv.id and iv.removed = false
    and ${sql.ref(`iv.${column}`)} is not null ${group ? sql`and iv.test_value = ${group}` : sql``})`;

/**
 * A channel's scheduled items for the list (spec 02 "channels with their scheduled items"): the first
 * CHANNEL_ITEMS_SHOWN, not started ones first by their hour, then the latest started; and the total.
 */
const channelSchedule = (table: 'invitation_emails' | 'postal_mails', verb: 'send' | 'upload') => {
  const col = (name: string) => sql.raw(`r.${verb}_${name}`);
  return sql<ChannelSchedule>`(select json_build_object('total', (select count(*) from ${sql.raw(table)} c where c.invitation_id = inv.id),
    'items', coalesce(json_agg(json_build_object('id', x.id, 'scheduledAt', x.at, 'status', x.status) order by x.n), '[]'))
    from (select r.id, ${col('scheduled_at')} as at, ${col('status')} as status,
        row_number() over (order by ${col('started_at')} is not null, case when ${col('started_at')} is null then ${col('scheduled_at')} end, ${col('scheduled_at')} desc, r.id) as n
      from ${sql.raw(table)} r where r.invitation_id = inv.id
      order by n limit ${CHANNEL_ITEMS_SHOWN}) x)`;
};

function selectFull(db: Db) {
  return filterInvitations(db, {})
    .select([
      'inv.id',
      'inv.chapterId',
      'ch.name as chapterName',
      'ch.acceptingMembers',
      'inv.institutionId',
      'i.name as institutionName',
      'i.abbreviation',
      'inv.cleanJoined',
      'inv.cleanInviteCount',
      'inv.deliverEmails',
      'inv.deliverPostalMails',
      'inv.enableTickler',
      'inv.status',
      'inv.statusReason',
      'inv.countPreClean',
      'inv.countProcessed',
      'inv.countValid',
      'inv.countFresh',
      'inv.countRemoved',
      'inv.countValidControl',
      'inv.countValidVariation',
      'inv.createdAt',
      'inv.updatedAt',
    ])
    .select([
      sql<string>`to_char(inv.deadline, 'YYYY-MM-DD')`.as('deadline'),
      sql<string>`to_char(inv.orientation_date, 'YYYY-MM-DD')`.as('orientationDate'),
      sql<FileRow | null>`(select json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type, 'sizeInBytes', f.size_in_bytes) from files f where f.id = inv.database_id)`.as(
        'database',
      ),
      sql<FileRow | null>`(select json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type, 'sizeInBytes', f.size_in_bytes) from files f where f.id = i.logo_id)`.as(
        'logo',
      ),
      sql<{
        id: number;
        name: string;
        slug: string;
      } | null>`(select json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) from invitation_tests t where t.id = inv.test_id)`.as(
        'test',
      ),
      channelSchedule('invitation_emails', 'send').as('scheduledEmails'),
      channelSchedule('postal_mails', 'upload').as('scheduledPostalMails'),
      countWhere('legacyPledgeAt').as('countPledged'),
      countWhere('legacyPaidAt').as('countJoined'),
      countWhere('legacyPledgeAt', 'Control').as('countPledgedControl'),
      countWhere('legacyPledgeAt', 'Variation').as('countPledgedVariation'),
      countWhere('legacyPaidAt', 'Control').as('countJoinedControl'),
      countWhere('legacyPaidAt', 'Variation').as('countJoinedVariation'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectFull>['executeTakeFirstOrThrow']>>;

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** JSON from PostgreSQL: the count as a number and each hour as an ISO time. */
const channelOf = (c: ChannelSchedule): ChannelSchedule => ({
  total: Number(c.total),
  items: c.items.map((i) => ({ ...i, scheduledAt: new Date(i.scheduledAt).toISOString() })),
});

function toInvitation(row: Row): Invitation {
  const n = (v: number | string) => Number(v);
  const countJoined = n(row.countJoined);
  const countPledged = n(row.countPledged);
  const segments = {
    countValidControl: row.countValidControl,
    countValidVariation: row.countValidVariation,
    countPledgedControl: n(row.countPledgedControl),
    countPledgedVariation: n(row.countPledgedVariation),
    countJoinedControl: n(row.countJoinedControl),
    countJoinedVariation: n(row.countJoinedVariation),
  };
  return {
    id: row.id,
    chapter: { id: row.chapterId, name: row.chapterName, acceptingMembers: row.acceptingMembers },
    institution: {
      id: row.institutionId,
      name: row.institutionName,
      abbreviation: row.abbreviation,
      logoUrl: row.logo ? fileUrl(row.logo) : null,
    },
    deadline: row.deadline,
    orientationDate: row.orientationDate,
    database: row.database ? toUploadedFile(row.database) : null,
    cleanJoined: row.cleanJoined,
    cleanInviteCount: String(row.cleanInviteCount) as Invitation['cleanInviteCount'],
    deliverEmails: row.deliverEmails,
    deliverPostalMails: row.deliverPostalMails,
    enableTickler: row.enableTickler,
    scheduled: { emails: channelOf(row.scheduledEmails), postalMails: channelOf(row.scheduledPostalMails) },
    test: row.test,
    status: row.status,
    statusReason: row.statusReason,
    countPreClean: row.countPreClean,
    countProcessed: row.countProcessed,
    countValid: row.countValid,
    countFresh: row.countFresh,
    countRemoved: row.countRemoved,
    countPledged,
    countJoined,
    ...segments,
    pledgeRate: share(countPledged, row.countValid),
    paidRate: share(countJoined, row.countValid),
    revenue: countJoined * REVENUE_PER_JOIN,
    abResults: row.test ? abResults(segments) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function loadInvitations(db: Db, ids: number[]): Promise<Invitation[]> {
  return (await selectFull(db).where('inv.id', 'in', ids).execute()).map(toInvitation);
}
