import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { BlockedEmail } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { accountName, likePattern, paginate, rowsInOrder, streamCsv, type CsvColumn, type SortMap } from '../../db/list.js';
import { csvIso, csvText } from '../../db/copy-csv.js';

type ListQuery = z.output<typeof import('@app/contract').BlockedEmailListQuery>;
type Filters = Omit<ListQuery, 'page' | 'pageSize' | 'sort'>;

export const blockedEmailSort: SortMap<ListQuery['sort'][number]['field']> = {
  email: 'b.email',
  emailType: 'b.emailType',
  feedbackType: 'b.feedbackType',
  updatedAt: 'b.updatedAt',
  id: 'b.id',
};

function filterBlocked(db: Db, filters: Filters) {
  let qb = db.selectFrom('blockedEmails as b');
  if (filters.search) qb = qb.where('b.search', 'like', likePattern(filters.search.toLowerCase()));
  if (filters.emailType) qb = qb.where('b.emailType', '=', filters.emailType);
  if (filters.feedbackType) qb = qb.where('b.feedbackType', '=', filters.feedbackType);
  return qb;
}

function selectBlocked(db: Db, filters: Filters) {
  return filterBlocked(db, filters)
    .leftJoin('accounts as a', 'a.id', 'b.updatedBy')
    .select([
      'b.id', 'b.email', 'b.emailType', 'b.reason', 'b.feedbackType', 'b.createdAt', 'b.updatedAt',
      accountName('a').as('updatedBy'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectBlocked>['executeTakeFirstOrThrow']>>;

const iso = (value: unknown) => (value as Date).toISOString();
const toBlockedEmail = (row: Row): BlockedEmail => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) });

export async function listBlockedEmails(db: Db, query: ListQuery) {
  const page = await paginate(selectBlocked(db, query), query, blockedEmailSort, 'b.id');
  return { ...page, items: page.items.map(toBlockedEmail) };
}

export async function getBlockedEmail(db: Db, id: number): Promise<BlockedEmail | undefined> {
  return (await rowsInOrder([id], async (ids) => (await selectBlocked(db, {}).where('b.id', 'in', ids).execute()).map(toBlockedEmail)))[0];
}

/** The row of an address and type (addresses are stored normalised). */
export async function findBlocked(db: Db, email: string, emailType: BlockedEmail['emailType']) {
  return db.selectFrom('blockedEmails').selectAll().where('email', '=', email).where('emailType', '=', emailType).executeTakeFirst();
}

/** A manual block, unless the address is already blocked for that type (then undefined: nothing written). */
export async function insertManualBlock(db: Db, values: { email: string; emailType: BlockedEmail['emailType']; reason: string; updatedBy: number | null }) {
  return db
    .insertInto('blockedEmails')
    .values({ ...values, feedbackType: 'manual' })
    .onConflict((oc) => oc.columns(['email', 'emailType']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function rowForUpdate(db: Db, id: number) {
  return db.selectFrom('blockedEmails').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateBlocked(db: Db, id: number, values: { email: string; emailType: BlockedEmail['emailType']; reason: string; updatedBy: number | null }) {
  await db.updateTable('blockedEmails').set({ ...values, updatedAt: sql`now()` }).where('id', '=', id).execute();
}

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'b.id' },
  { header: 'email', value: csvText('b.email') },
  { header: 'emailType', value: csvText('b.emailType') },
  { header: 'reason', value: csvText('b.reason') },
  { header: 'feedbackType', value: csvText('b.feedbackType') },
  { header: 'updatedAt', value: csvIso('b.updatedAt') },
];

export function exportBlockedEmails(db: Kysely<DB>, query: Omit<ListQuery, 'page' | 'pageSize'>) {
  return streamCsv(db, filterBlocked(db, query).selectAll('b'), query.sort, blockedEmailSort, csvColumns, 'b.id');
}
