import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { BlockedEmail } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { firstItem, mapPage, ownColumns, paginate, searchMatch, streamCsv } from '../../db/list.js';
import { accountNameOf } from '../../db/account-sql.js';
import type { CsvColumn, ListFilters, SortField, SortMap } from '../../db/list.js';
import { csvIso, csvText } from '../../db/copy-csv.js';
import { iso } from '../../db/iso.js';
import { optOutFlag, personOptedOut, searchable, withholdCsv } from '../../db/directory-opt-out.js';

type ListQuery = z.output<typeof import('@app/contract').BlockedEmailListQuery>;
type Filters = ListFilters<ListQuery>;

export const blockedEmailSort: SortMap<SortField<ListQuery>> = ownColumns('b', [
  'email',
  'emailType',
  'feedbackType',
  'updatedAt',
  'id',
]);

/** Whether a blocked address is an opted-out person's (issue 36 §5): it then reads as withheld to a third party. */
const optedOut = personOptedOut({ email: 'b.email' });

function filterBlocked(db: Db, filters: Filters) {
  let qb = db.selectFrom('blockedEmails as b');
  if (filters.search) qb = qb.where(searchable(searchMatch('b.search', filters.search), optedOut));
  if (filters.emailType) qb = qb.where('b.emailType', '=', filters.emailType);
  if (filters.feedbackType) qb = qb.where('b.feedbackType', '=', filters.feedbackType);
  return qb;
}

function selectBlocked(db: Db, filters: Filters) {
  return filterBlocked(db, filters).select([
    'b.id',
    'b.email',
    'b.emailType',
    'b.reason',
    'b.feedbackType',
    'b.createdAt',
    'b.updatedAt',
    accountNameOf('b.updatedBy').as('updatedBy'),
    ...optOutFlag(() => optedOut),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectBlocked>['executeTakeFirstOrThrow']>>;

const toBlockedEmail = (row: Row): BlockedEmail => ({
  ...row,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export async function listBlockedEmails(db: Db, query: ListQuery) {
  return mapPage(await paginate(selectBlocked(db, query), query, blockedEmailSort, 'b.id'), toBlockedEmail);
}

export async function getBlockedEmail(db: Db, id: number): Promise<BlockedEmail | undefined> {
  return firstItem(selectBlocked(db, {}).where('b.id', '=', id), toBlockedEmail);
}

/** The row of an address and type (addresses are stored normalised). */
export async function findBlocked(db: Db, email: string, emailType: BlockedEmail['emailType']) {
  return db
    .selectFrom('blockedEmails')
    .selectAll()
    .where('email', '=', email)
    .where('emailType', '=', emailType)
    .executeTakeFirst();
}

/** A manual block, unless the address is already blocked for that type (then undefined: nothing written). */
export async function insertManualBlock(
  db: Db,
  values: { email: string; emailType: BlockedEmail['emailType']; reason: string; updatedBy: number | null },
) {
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

export async function updateBlocked(
  db: Db,
  id: number,
  values: { email: string; emailType: BlockedEmail['emailType']; reason: string; updatedBy: number | null },
) {
  await db
    .updateTable('blockedEmails')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
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
  const columns = withholdCsv(csvColumns, optedOut);
  return streamCsv(db, filterBlocked(db, query).selectAll('b'), query.sort, blockedEmailSort, columns, 'b.id');
}
