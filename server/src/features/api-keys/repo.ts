import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ApiKey } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import { accountNameOf } from '../../db/account-sql.js';
import { firstItem, likePattern, mapPage, ownColumns, paginate, streamCsv } from '../../db/list.js';
import type { CsvColumn, ListFilters, SortField, SortMap } from '../../db/list.js';
import { csvIso, csvText } from '../../db/copy-csv.js';
import { keyPrefix } from '../../services/auth/api-keys.js';

type ListQuery = z.output<typeof import('@app/contract').ApiKeyListQuery>;
type Filters = ListFilters<ListQuery>;

const sortMap: SortMap<SortField<ListQuery>> = ownColumns('k', ['name', 'createdAt', 'lastUsedAt', 'id']);

function filterKeys(db: Db, filters: Filters) {
  let qb = db.selectFrom('apiKeys as k');
  if (filters.search)
    qb = qb.where(sql<boolean>`(k.name || ' hsk_' || k.lookup_id) ilike ${likePattern(filters.search)}`);
  if (filters.state === 'active') qb = qb.where('k.revokedAt', 'is', null);
  if (filters.state === 'revoked') qb = qb.where('k.revokedAt', 'is not', null);
  return qb;
}

// Never the hash: no answer carries more of a key than its lookup id.
function selectKeys(db: Db, filters: Filters) {
  return filterKeys(db, filters).select([
    'k.id',
    'k.name',
    'k.lookupId',
    'k.scopes',
    'k.chapterIds',
    'k.createdAt',
    'k.lastUsedAt',
    'k.revokedAt',
    accountNameOf('k.createdBy').as('createdBy'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectKeys>['executeTakeFirstOrThrow']>>;

const toApiKey = ({ lookupId, ...row }: Row): ApiKey => ({
  ...row,
  prefix: keyPrefix(lookupId),
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
});

export async function listApiKeys(db: Db, query: ListQuery) {
  return mapPage(await paginate(selectKeys(db, query), query, sortMap, 'k.id'), toApiKey);
}

export async function getApiKey(db: Db, id: number): Promise<ApiKey | undefined> {
  return firstItem(selectKeys(db, {}).where('k.id', '=', id), toApiKey);
}

export async function insertApiKey(
  db: Db,
  values: {
    name: string;
    scopes: string[];
    chapterIds: number[];
    lookupId: string;
    secretHash: string;
    createdBy: number;
  },
) {
  const { chapterIds, ...rest } = values;
  const row = { ...rest, chapterIds: sql<number[]>`${chapterIds}::integer[]` };
  return (await db.insertInto('apiKeys').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Revokes a live key; false when there is no such key. Revoking it again changes nothing. */
export async function revokeApiKey(db: Db, id: number, revokedBy: number): Promise<boolean> {
  const found = await db.selectFrom('apiKeys').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('apiKeys')
    .set({ revokedAt: sql`now()`, revokedBy })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
  return true;
}

const csvColumns: CsvColumn[] = [
  { header: 'id', value: 'k.id' },
  { header: 'name', value: csvText('k.name') },
  { header: 'prefix', value: csvText(sql`'hsk_' || k.lookup_id`) },
  { header: 'scopes', value: csvText(sql`array_to_string(k.scopes, ' ')`) },
  { header: 'createdAt', value: csvIso('k.createdAt') },
  { header: 'lastUsedAt', value: csvIso('k.lastUsedAt') },
  { header: 'revokedAt', value: csvIso('k.revokedAt') },
];

export function exportApiKeys(db: Kysely<DB>, query: Omit<ListQuery, 'page' | 'pageSize'>) {
  return streamCsv(db, filterKeys(db, query).selectAll('k'), query.sort, sortMap, csvColumns, 'k.id');
}
