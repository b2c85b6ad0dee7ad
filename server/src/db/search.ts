import { sql } from 'kysely';

/** `contains` search on several columns (ILIKE, escaped), or no condition for an empty search. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * Rows whose kept `search` column (lower-case text of the row, under a trigram index) contains the
 * search, whatever its case.
 * @example if (filters.search) qb = qb.where(searchMatch('b.search', filters.search));
 */
export function searchMatch(column: string, search: string) {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(search.toLowerCase())}`;
}
