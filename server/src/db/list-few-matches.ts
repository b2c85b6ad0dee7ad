import { sql, type Kysely } from 'kysely';
import type { AnySelect, OrderTerm } from './list-sort.js';

/**
 * A list whose matches are likely few (a search through a trigram index) finds them once instead of twice (page
 * and count): at most `cap` of them are read with their sort keys and numbered, paged and counted among
 * themselves in one statement (`db` builds it).
 */
export type FewMatches = { db: Kysely<any>; cap: number };

/** Up to this many matches of a search are paged and counted in one statement (see fewSearchMatches). */
const SEARCH_MATCH_CAP = 5_000;

/**
 * The `fewMatches` option for a list searched through a trigram index: a search of 3 characters or
 * more (fewer cannot use the index) usually matches a few rows, found once for the page and the total.
 * @example paginate(filtered, query, sortMap, 'e.id', { count: 'separate', fewMatches: fewSearchMatches(db, query.search) })
 */
export function fewSearchMatches(db: Kysely<any>, search: string | undefined): FewMatches | undefined {
  return search && search.length >= 3 ? { db, cap: SEARCH_MATCH_CAP } : undefined;
}

/**
 * One statement that reads at most `cap + 1` matches with their sort keys (the scan stops there),
 * then counts, orders and pages those: the page's rows and the total when there are `cap` or fewer;
 * undefined when there are more, or when the page is past the end (no row carries the total).
 */
export async function fewMatchesPage<O>(
  qb: AnySelect<O>,
  order: OrderTerm[],
  pageSize: number,
  offset: number,
  { db, cap }: FewMatches,
): Promise<{ rows: O[]; total: number } | undefined> {
  const keys = order.map((_, i) => `pageKey${i}`);
  const matches = qb.select(order.map(({ expr }, i) => sql`${expr}`.as(keys[i]!))).limit(cap + 1);
  let page = db
    .selectFrom(matches.as('m'))
    .selectAll('m')
    .select(sql<number>`count(*) over ()`.as('matchCount'));
  for (const [i, { direction }] of order.entries()) page = page.orderBy(sql.ref(`m.${keys[i]}`), direction);
  const rows = (await page.limit(pageSize).offset(offset).execute()) as Array<Record<string, unknown>>;
  if (!rows.length) return offset === 0 ? { rows: [], total: 0 } : undefined;
  const total = Number(rows[0]!.matchCount);
  if (total > cap) return undefined;
  for (const row of rows) for (const key of [...keys, 'matchCount']) delete row[key];
  return { rows: rows as O[], total };
}
