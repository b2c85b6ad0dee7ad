import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { InvitationTest } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { firstItem, mapPage, ownColumns, paginate, searchMatch, streamCsv } from '../../db/list.js';
import { accountNameOf } from '../../db/account-sql.js';
import type { CsvColumn, ListFilters, SortField, SortMap } from '../../db/list.js';
import { csvIso, csvText, csvYesNo } from '../../db/copy-csv.js';
import { freeSlug } from '../../services/slug.js';

type ListQuery = z.output<typeof import('@app/contract').InvitationTestListQuery>;
type Filters = ListFilters<ListQuery>;
export type InvitationTestValues = z.output<typeof import('@app/contract').InvitationTestInput>;

export const invitationTestSort: SortMap<SortField<ListQuery>> = ownColumns('t', [
  'name',
  'enabled',
  'updatedAt',
  'id',
]);

function filterTests(db: Db, filters: Filters) {
  let qb = db.selectFrom('invitationTests as t');
  if (filters.search) qb = qb.where(searchMatch('t.search', filters.search));
  if (filters.enabled !== undefined) qb = qb.where('t.enabled', '=', filters.enabled);
  return qb;
}

function selectTests(db: Db, filters: Filters) {
  return filterTests(db, filters).select([
    't.id',
    't.name',
    't.slug',
    't.description',
    't.enabled',
    't.createdAt',
    't.updatedAt',
    accountNameOf('t.updatedBy').as('updatedBy'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTests>['executeTakeFirstOrThrow']>>;
const toTest = (row: Row): InvitationTest => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listTests(db: Db, query: ListQuery) {
  return mapPage(await paginate(selectTests(db, query), query, invitationTestSort, 't.id'), toTest);
}

export async function getTest(db: Db, id: number): Promise<InvitationTest | undefined> {
  return firstItem(selectTests(db, {}).where('t.id', '=', id), toTest);
}

export async function createTest(db: Db, input: InvitationTestValues, accountId: number | null): Promise<number> {
  const { id } = await db
    .insertInto('invitationTests')
    .values({ ...input, slug: await freeSlug(db, 'invitation_tests', input.name, 'variable'), updatedBy: accountId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates a variable; a changed name gives it a new slug. Answers false when it does not exist. */
export async function updateTest(
  db: Db,
  id: number,
  input: InvitationTestValues,
  accountId: number | null,
): Promise<boolean> {
  const current = await db
    .selectFrom('invitationTests')
    .select(['name', 'slug'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return false;
  const slug =
    current.name === input.name
      ? current.slug
      : await freeSlug(db, 'invitation_tests', input.name, 'variable', { exceptId: id });
  await db
    .updateTable('invitationTests')
    .set({ ...input, slug, updatedBy: accountId, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  return true;
}

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 't.id' },
  { header: 'name', value: csvText('t.name') },
  { header: 'slug', value: csvText('t.slug') },
  { header: 'description', value: csvText('t.description') },
  { header: 'enabled', value: csvYesNo('t.enabled') },
  { header: 'updatedAt', value: csvIso('t.updatedAt') },
];

export function exportTests(db: Kysely<DB>, query: Filters & { sort: ListQuery['sort'] }) {
  return streamCsv(db, filterTests(db, query), query.sort, invitationTestSort, csvColumns, 't.id');
}
