import { sql, type AliasableExpression } from 'kysely';
import type { Db } from './database.js';

type ListFilters = Record<string, unknown> & { page?: unknown; pageSize?: unknown; sort?: unknown };

/**
 * For `paginate`'s `total` and `totalExpression` options: a tracked table's exact row count (kept by
 * triggers, migration 0012) when the list has no search and no filter; nothing when it is filtered, so
 * the matches are counted.
 * @example paginate(page, query, sortMap, 'i.id', { count: 'separate', ...keptRowCount(db, 'institutions', query) })
 */
export function keptRowCount(
  db: Db,
  table: string,
  query: ListFilters,
): { total?: () => Promise<number | undefined>; totalExpression?: AliasableExpression<number> } {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...filters } = query;
  if (Object.values(filters).some((v) => v !== undefined && v !== null && v !== '')) return {};
  return {
    total: () => tableRowCount(db, table),
    totalExpression: sql<number>`(select n from row_counts where table_name = ${table})`,
  };
}

/** The kept row count of a table, or undefined when no trigger keeps one for it. */
export async function tableRowCount(db: Db, table: string): Promise<number | undefined> {
  const row = await db.selectFrom('rowCounts').select('n').where('tableName', '=', table).executeTakeFirst();
  return row?.n;
}
