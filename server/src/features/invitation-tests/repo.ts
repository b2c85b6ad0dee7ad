import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { InvitationTest } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { accountName, likePattern, paginate, rowsInOrder, streamCsv, type CsvColumn, type SortMap } from '../../db/list.js';
import { csvIso, csvText, csvYesNo } from '../../db/copy-csv.js';

type ListQuery = z.output<typeof import('@app/contract').InvitationTestListQuery>;
type Filters = Omit<ListQuery, 'page' | 'pageSize' | 'sort'>;
export type InvitationTestValues = z.output<typeof import('@app/contract').InvitationTestInput>;

export const invitationTestSort: SortMap<ListQuery['sort'][number]['field']> = {
  name: 't.name',
  enabled: 't.enabled',
  updatedAt: 't.updatedAt',
  id: 't.id',
};

function filterTests(db: Db, filters: Filters) {
  let qb = db.selectFrom('invitationTests as t');
  if (filters.search) qb = qb.where('t.search', 'like', likePattern(filters.search.toLowerCase()));
  if (filters.enabled !== undefined) qb = qb.where('t.enabled', '=', filters.enabled);
  return qb;
}

function selectTests(db: Db, filters: Filters) {
  return filterTests(db, filters)
    .leftJoin('accounts as a', 'a.id', 't.updatedBy')
    .select([
      't.id', 't.name', 't.slug', 't.description', 't.enabled', 't.createdAt', 't.updatedAt',
      accountName('a').as('updatedBy'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTests>['executeTakeFirstOrThrow']>>;
const toTest = (row: Row): InvitationTest => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export async function listTests(db: Db, query: ListQuery) {
  const page = await paginate(selectTests(db, query), query, invitationTestSort, 't.id');
  return { ...page, items: page.items.map(toTest) };
}

export async function getTest(db: Db, id: number): Promise<InvitationTest | undefined> {
  return (await rowsInOrder([id], async (ids) => (await selectTests(db, {}).where('t.id', 'in', ids).execute()).map(toTest)))[0];
}

/** 'Subject line B!' -> 'subject-line-b' (letters and digits, dashes between words; 'variable' when none is left). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'variable';
}

/**
 * The first free slug for `name`: its own slug, else with -2, -3 ... (the variable `exceptId` keeps its own).
 * The unique index still decides between two saves racing for one slug (the loser answers 409).
 */
async function freeSlug(db: Db, name: string, exceptId?: number): Promise<string> {
  const base = slugOf(name);
  const { rows } = await sql<{ slug: string }>`
    select slug from invitation_tests where (slug = ${base} or slug ~ ${`^${base}-[0-9]+$`}) and id is distinct from ${exceptId ?? null}`.execute(db);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

export async function createTest(db: Db, input: InvitationTestValues, accountId: number | null): Promise<number> {
  const { id } = await db
    .insertInto('invitationTests')
    .values({ ...input, slug: await freeSlug(db, input.name), updatedBy: accountId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates a variable; a changed name gives it a new slug. Answers false when it does not exist. */
export async function updateTest(db: Db, id: number, input: InvitationTestValues, accountId: number | null): Promise<boolean> {
  const current = await db.selectFrom('invitationTests').select(['name', 'slug']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) return false;
  const slug = current.name === input.name ? current.slug : await freeSlug(db, input.name, id);
  await db.updateTable('invitationTests').set({ ...input, slug, updatedBy: accountId, updatedAt: sql`now()` }).where('id', '=', id).execute();
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
