import type { Db } from './database.js';

type ListFilters = Record<string, unknown> & { page?: unknown; pageSize?: unknown; sort?: unknown };

/**
 * For `paginate`'s `total` option: a tracked table's exact row count (kept by triggers, migration 0012)
 * when the list has no search and no filter, else undefined so the matches are counted.
 * @example paginate(ids, query, sortMap, 'i.id', { count: 'separate', total: unfilteredTotal(db, 'institutions', query) })
 */
export function unfilteredTotal(db: Db, table: string, query: ListFilters): () => Promise<number | undefined> {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...filters } = query;
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null && v !== '');
  return async () => (filtered ? undefined : tableRowCount(db, table));
}

/** The kept row count of a table, or undefined when no trigger keeps one for it. */
export async function tableRowCount(db: Db, table: string): Promise<number | undefined> {
  const row = await db.selectFrom('rowCounts').select('n').where('tableName', '=', table).executeTakeFirst();
  return row?.n;
}
