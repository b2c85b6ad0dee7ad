import { sql, type Kysely } from 'kysely';
import type { Invitation, InvitationStatus } from '@app/contract';
import type { z } from 'zod';
import type { DB, Db } from '../../db/database.js';
import { pageOfRows, paginate, rowsInOrder, streamCsv } from '../../db/list.js';
import type { CsvColumn, ListFilters } from '../../db/list.js';
import { csvText, csvYesNo } from '../../db/copy-csv.js';
import { inScope } from '../../services/auth/chapter-scope.js';
import { filterInvitations, invitationSort, loadInvitations } from './read.js';

type ListQuery = z.output<typeof import('@app/contract').InvitationListQuery>;
type Filters = ListFilters<ListQuery>;
export type InvitationValues = z.output<typeof import('@app/contract').InvitationInput>;

export async function listInvitations(db: Db, query: ListQuery) {
  const page = await paginate(filterInvitations(db, query).select('inv.id'), query, invitationSort, 'inv.id', {
    tieBreakerFollowsSort: true,
  });
  return pageOfRows(page, (ids) => loadInvitations(db, ids));
}

export async function getInvitation(db: Db, id: number): Promise<Invitation | undefined> {
  return (await rowsInOrder([id], (ids) => loadInvitations(db, ids)))[0];
}

/** What an update compares against: status and the fields processing depends on (locked with `lock`). */
export async function currentState(db: Db, id: number, lock = false) {
  let qb = db
    .selectFrom('invitations')
    .select(['id', 'status', 'databaseId', 'cleanJoined', 'cleanInviteCount', 'testId'])
    .where('id', '=', id)
    .where(inScope('invitations.chapterId'));
  if (lock) qb = qb.forUpdate();
  return qb.executeTakeFirst();
}

function values(input: InvitationValues, accountId: number | null) {
  return {
    chapterId: input.chapterId,
    institutionId: input.institutionId,
    deadline: input.deadline,
    orientationDate: input.orientationDate,
    databaseId: input.databaseId,
    cleanJoined: input.cleanJoined,
    cleanInviteCount: Number(input.cleanInviteCount),
    deliverEmails: input.deliverEmails,
    deliverPostalMails: input.deliverPostalMails,
    enableTickler: input.enableTickler,
    testId: input.testId,
    updatedBy: accountId,
  };
}

export async function createInvitation(db: Db, input: InvitationValues, accountId: number | null): Promise<number> {
  const { id } = await db
    .insertInto('invitations')
    .values(values(input, accountId))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateInvitation(
  db: Db,
  id: number,
  input: InvitationValues,
  accountId: number | null,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ ...values(input, accountId), updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks the invitation as processing under a new run id and answers it: the job carries the id, and a
 * run whose id is no longer the invitation's (the database was saved again) stops at its next batch.
 */
export async function startProcessing(db: Db, id: number): Promise<string> {
  const { processingRun } = await db
    .updateTable('invitations')
    .set({
      status: 'DB Processing' satisfies InvitationStatus,
      statusReason: null,
      processingRun: sql`gen_random_uuid()`,
      countProcessed: 0,
      countPreClean: 0,
    })
    .where('id', '=', id)
    .returning('processingRun')
    .executeTakeFirstOrThrow();
  return processingRun!;
}

/** Deletes an invitation in a deletable status; answers false when its status forbids it. */
export async function deleteInvitation(
  db: Kysely<DB>,
  id: number,
  deletable: readonly InvitationStatus[],
): Promise<'deleted' | 'refused' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('invitations')
      .select('status')
      .where('id', '=', id)
      .where(inScope('invitations.chapterId'))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'missing';
    if (!deletable.includes(row.status)) return 'refused';
    // Invitees go with it (on delete cascade); a processing run still going finds its run gone and stops.
    await trx.deleteFrom('invitations').where('id', '=', id).execute();
    return 'deleted';
  });
}

/** Pledges and joins per UTC day of the invitation's (not removed) invitees, with running totals. */
export async function invitationAnalytics(db: Db, id: number) {
  const { rows } = await sql<{ day: string; pledged: number; joined: number }>`
    with events as (
      select (legacy_pledge_at at time zone 'UTC')::date as day, 1 as pledged, 0 as joined
      from invitees where invitation_id = ${id} and removed = false and legacy_pledge_at is not null
      union all
      select (legacy_paid_at at time zone 'UTC')::date, 0, 1
      from invitees where invitation_id = ${id} and removed = false and legacy_paid_at is not null)
    select to_char(day, 'YYYY-MM-DD') as day, sum(pledged)::int as pledged, sum(joined)::int as joined
    from events group by day order by day`.execute(db);
  let totalPledged = 0;
  let totalJoined = 0;
  return rows.map((r) => ({ ...r, totalPledged: (totalPledged += r.pledged), totalJoined: (totalJoined += r.joined) }));
}

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'inv.id' },
  { header: 'institution', value: csvText('i.name') },
  { header: 'chapter', value: csvText('ch.name') },
  { header: 'deadline', value: 'inv.deadline' },
  { header: 'orientationDate', value: 'inv.orientationDate' },
  { header: 'status', value: csvText('inv.status') },
  { header: 'deliverEmails', value: csvYesNo('inv.deliverEmails') },
  { header: 'deliverPostalMails', value: csvYesNo('inv.deliverPostalMails') },
  { header: 'countPreClean', value: 'inv.countPreClean' },
  { header: 'countValid', value: 'inv.countValid' },
  { header: 'countFresh', value: 'inv.countFresh' },
  { header: 'countRemoved', value: 'inv.countRemoved' },
];

export function exportInvitations(db: Kysely<DB>, query: Filters & { sort: ListQuery['sort'] }) {
  return streamCsv(db, filterInvitations(db, query).select('inv.id'), query.sort, invitationSort, csvColumns, 'inv.id');
}
