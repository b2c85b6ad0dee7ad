import { sql } from 'kysely';
import type { z } from 'zod';
import type { PostalMail } from '@app/contract';
import type { Db } from '../../db/database.js';
import { pageOfRows, paginate, rowsInOrder, type SortMap } from '../../db/list.js';
import { toUploadedFile, type FileRow } from '../../services/files.js';
import { invitationsWithNames, namesOrIdMatch } from '../../db/invitation-names.js';
import { inScope, inScopeInvitation, scoped } from '../../services/auth/chapter-scope.js';

type ListQuery = z.output<typeof import('@app/contract').PostalMailListQuery>;
export type PostalMailValues = z.output<typeof import('@app/contract').PostalMailInput>;

export const postalMailSort: SortMap<ListQuery['sort'][number]['field']> = {
  id: 'pm.id',
  uploadScheduledAt: 'pm.uploadScheduledAt',
  fileName: sql`(select f.file_name from files f where f.id = pm.file_id)`,
  inviteCount: 'pm.inviteCount',
  testValue: 'pm.testValue',
  uploadStatus: 'pm.uploadStatus',
  institution: 'i.name',
};

/** Postal mailings under the filters; only of the caller's chapters when it is chapter-scoped (issue 35 §3). */
function filterMails(db: Db, filters: { search?: string | undefined; invitationId?: number }) {
  let qb = scoped(invitationsWithNames(db), 'inv.chapterId').innerJoin(
    'postalMails as pm',
    'pm.invitationId',
    'inv.id',
  );
  if (filters.invitationId !== undefined) qb = qb.where('pm.invitationId', '=', filters.invitationId);
  if (filters.search) {
    qb = qb.where(namesOrIdMatch(filters.search, ['pm.id', 'pm.invitation_id']));
  }
  return qb;
}

const fileJson = (column: 'pm.file_id' | 'pm.upload_csv_id') =>
  sql<FileRow | null>`(select json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type, 'sizeInBytes', f.size_in_bytes) from files f where f.id = ${sql.ref(column)})`;

function selectFull(db: Db) {
  return filterMails(db, {})
    .select([
      'pm.id',
      'pm.invitationId',
      'i.name as institutionName',
      'ch.name as chapterName',
      'pm.uploadScheduledAt',
      'pm.inviteCount',
      'pm.testValue',
      'pm.uploadStartedAt',
      'pm.uploadStatus',
      'pm.uploadStatusReason',
      'pm.uploadCount',
      'pm.createdAt',
      'pm.updatedAt',
    ])
    .select([
      fileJson('pm.file_id').as('file'),
      fileJson('pm.upload_csv_id').as('uploadCsv'),
      sql<{
        id: number;
        name: string;
      } | null>`(select json_build_object('id', t.id, 'name', t.name) from invitation_tests t where t.id = inv.test_id)`.as(
        'test',
      ),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectFull>['executeTakeFirstOrThrow']>>;

function toPostalMail(row: Row): PostalMail {
  return {
    id: row.id,
    invitation: {
      id: row.invitationId,
      institutionName: row.institutionName,
      chapterName: row.chapterName,
      test: row.test,
    },
    file: row.file ? toUploadedFile(row.file) : null,
    uploadScheduledAt: row.uploadScheduledAt.toISOString(),
    inviteCount: row.inviteCount,
    testValue: row.testValue,
    uploadStartedAt: row.uploadStartedAt?.toISOString() ?? null,
    uploadStatus: row.uploadStatus,
    uploadStatusReason: row.uploadStatusReason,
    uploadCount: row.uploadCount,
    // The CSV is the result of a finished upload: shown as the Success badge's link.
    uploadCsv: row.uploadCsv && row.uploadStatus === 'Success' ? toUploadedFile(row.uploadCsv) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadMails(db: Db, ids: number[]): Promise<PostalMail[]> {
  return (await selectFull(db).where('pm.id', 'in', ids).execute()).map(toPostalMail);
}

/** One page of postal mailings, of one invitation or of all (found on ids, then read in full). */
export async function listMails(db: Db, query: ListQuery, invitationId?: number) {
  const page = await paginate(
    filterMails(db, { search: query.search, invitationId }).select('pm.id'),
    query,
    postalMailSort,
    'pm.id',
    {
      tieBreakerFollowsSort: true,
    },
  );
  return pageOfRows(page, (ids) => loadMails(db, ids));
}

export async function getMail(db: Db, id: number): Promise<PostalMail | undefined> {
  return (await rowsInOrder([id], (ids) => loadMails(db, ids)))[0];
}

/** The invitation a mailing is added to: whether it exists and delivers postal mails. */
export async function invitationForMail(db: Db, invitationId: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'deliverPostalMails'])
    .where('id', '=', invitationId)
    .where(inScope('invitations.chapterId'))
    .executeTakeFirst();
}

export async function createMail(
  db: Db,
  invitationId: number,
  input: PostalMailValues,
  accountId: number | null,
): Promise<number> {
  const { id } = await db
    .insertInto('postalMails')
    .values({
      invitationId,
      fileId: input.fileId,
      uploadScheduledAt: input.uploadScheduledAt,
      inviteCount: input.inviteCount,
      testValue: input.testValue,
      updatedBy: accountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The mailing `mailId` of `invitationId`, locked until the transaction ends: an upload pass claims a
 * mailing with the same row lock, so an edit either lands before the claim or sees it started.
 */
async function lockMail(db: Db, invitationId: number, mailId: number) {
  return db
    .selectFrom('postalMails')
    .select(['id', 'uploadStartedAt'])
    .where('id', '=', mailId)
    .where('invitationId', '=', invitationId)
    .where(inScope(inScopeInvitation('invitationId')))
    .forUpdate()
    .executeTakeFirst();
}

export type ChangeOutcome = 'done' | 'missing' | 'started';

/** Updates a mailing whose upload has not started (run in a transaction). */
export async function updateMail(
  db: Db,
  invitationId: number,
  mailId: number,
  input: PostalMailValues,
  accountId: number | null,
): Promise<ChangeOutcome> {
  const row = await lockMail(db, invitationId, mailId);
  if (!row) return 'missing';
  if (row.uploadStartedAt) return 'started';
  await db
    .updateTable('postalMails')
    .set({
      fileId: input.fileId,
      uploadScheduledAt: input.uploadScheduledAt,
      inviteCount: input.inviteCount,
      testValue: input.testValue,
      updatedBy: accountId,
      updatedAt: sql`now()`,
    })
    .where('id', '=', mailId)
    .execute();
  return 'done';
}

/** Deletes a mailing whose upload has not started (run in a transaction). */
export async function deleteMail(db: Db, invitationId: number, mailId: number): Promise<ChangeOutcome> {
  const row = await lockMail(db, invitationId, mailId);
  if (!row) return 'missing';
  if (row.uploadStartedAt) return 'started';
  await db.deleteFrom('postalMails').where('id', '=', mailId).execute();
  return 'done';
}
