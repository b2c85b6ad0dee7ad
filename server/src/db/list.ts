import { sql, type AliasableExpression } from 'kysely';
import { pagination, type Paged, type SortTerm } from '@app/contract';
import { chapterScope } from './chapter-scope.js';
import { fewMatchesPage, type FewMatches } from './list-few-matches.js';
import { orderBy, orderTerms, type AnySelect, type SortMap, type TieBreaker } from './list-sort.js';

// The list helpers every repo imports from here: paging and counting in this file, the order (list-sort.ts),
// few search matches (list-few-matches.ts), the CSV export (list-export.ts), searching and page items beside.
export { likePattern, searchMatch } from './search.js';
export { firstItem, mapPage, pageOfRows, rowsInOrder } from './page-items.js';
export { ownColumns, unindexedSort, type ListFilters, type SortField, type SortMap } from './list-sort.js';
export { fewSearchMatches } from './list-few-matches.js';
export { streamCsv } from './list-export.js';
export type { CsvColumn } from './copy-csv.js';

type Query = { page: number; pageSize: number; sort: SortTerm[] };
/**
 * Rows skipped below which a page is read forwards without waiting for its total (see paginate), never from
 * the far end.
 */
export const NEAR_START = 1_000;

/** The number of rows a select finds (its own columns replaced by `count(*)`). */
export async function countRows(qb: AnySelect<unknown>): Promise<number> {
  const { n } = (await qb
    .clearSelect()
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow()) as { n: number };
  return Number(n);
}

export type PaginateOptions = {
  /**
   * How the total is counted:
   * - 'window' (default): `count(*) over()` in the page's own statement, one round trip. Right for
   *   small tables and for selective filters, where every match is read anyway.
   * - 'separate': the page (no window) and a plain `count(*)` run at the same time on two
   *   connections. Right for large result sets: the page can stop after `limit` rows of an index in
   *   sort order, and the count can be an index-only scan, where a window count must first read
   *   and number every match before the first row comes out.
   */
  count?: 'window' | 'separate';
  /**
   * The tie-break takes the direction of the last sort term (`member_at desc, id desc`), so one
   * `(key, id)` index read forwards or backwards gives either order with no sort step. Default: asc.
   */
  tieBreakerFollowsSort?: boolean;
  /**
   * With `count: 'separate'`: an exact total the caller can get more cheaply than `count(*)` over the
   * matches (e.g. from a summary table kept by triggers). Answer undefined to fall back to `count(*)`.
   * Known first, it also lets a page past the middle be read from the far end.
   */
  total?: () => Promise<number | undefined>;
  /**
   * With `total`: the same total as a scalar SQL expression, read by the first page in its own
   * statement, so the most common page costs one round trip instead of two.
   */
  totalExpression?: AliasableExpression<number>;
  /**
   * With `count: 'separate'`: the matches are likely few (see FewMatches), found once for the page and
   * the total. Beyond `cap` matches the page and the total are read as usual.
   */
  fewMatches?: FewMatches;
  /**
   * The kept `total` already counts only the caller's chapters (issue 35 §3). Without it a chapter-scoped
   * request ignores `total` and `totalExpression` (a whole table's count would tell how many rows it may
   * not see) and counts its matches.
   */
  totalInScope?: boolean;
};

/** The options without a kept total that would count rows outside the request's chapter scope. */
function withinScope(options: PaginateOptions): PaginateOptions {
  if (options.totalInScope || !chapterScope()) return options;
  const { total: _total, totalExpression: _expression, ...rest } = options;
  return rest;
}

/**
 * Runs a filtered select as one page: whitelisted sort plus an id tie-break, and the total from
 * `count(*) over()` in the same round trip (or a separate count, see `PaginateOptions`).
 * @example
 * return paginate(db.selectFrom('institutions').selectAll().where(...), query, { name: 'name' }, 'id');
 */
export function paginate<O>(
  qb: AnySelect<O>,
  query: Query,
  map: SortMap,
  tieBreaker = 'id',
  options: PaginateOptions = {},
): Promise<Paged<O>> {
  const read = async (page: AnySelect<O>, mirrored: boolean) => {
    const rows = await page.execute();
    return mirrored ? rows.reverse() : rows;
  };
  return paginateWith(qb, query, map, tieBreaker, options, { read, fromRows: async (rows) => rows });
}

/**
 * A page found on narrow rows (`ids`: cheap to sort, count and skip) and read in full by `rows` in the
 * same statement: `rows(page)` selects the full rows whose id is in `page` (a subquery of the page's
 * ids), and they come back in the list's order. The total is counted as with `count: 'separate'`.
 * One round trip less than `paginate` then `pageOfRows`, on every page.
 * @example
 * return paginateRows(filtered.select('iv.id'), query, sortMap, 'iv.id', { total }, (page) => selectFull(db).where('iv.id', 'in', page));
 */
export function paginateRows<R>(
  ids: AnySelect<{ id: number }>,
  query: Query,
  map: SortMap,
  tieBreaker: string,
  options: Omit<PaginateOptions, 'count' | 'totalExpression'>,
  rows: (page: AnySelect<{ id: number }>) => AnySelect<R>,
): Promise<Paged<R>> {
  // The full rows carry the sort columns under the same names, so ordering them again (a few rows)
  // gives the page's own order, mirrored reads included.
  const read = (page: AnySelect<{ id: number }>) =>
    orderBy(rows(page), query.sort, map, tieBreaker, options.tieBreakerFollowsSort).execute();
  // Ids already found (few matches) are read as a list of values.
  const fromRows = async (found: Array<{ id: number }>) => {
    const db = options.fewMatches?.db;
    if (!found.length || !db) return [];
    return read(db.selectFrom(sql`unnest(${found.map((r) => r.id)}::int[])`.as('p')).select(sql<number>`p`.as('id')));
  };
  return paginateWith(ids, query, map, tieBreaker, { ...options, count: 'separate' }, { read, fromRows });
}

/**
 * How a page's items are read: `read` runs a page's statement (`mirrored`: the page selected in mirror
 * order) and `fromRows` makes items of rows already read (few matches); both in the list's order.
 */
type Reader<O, R> = {
  read: (page: AnySelect<O>, mirrored: boolean) => Promise<R[]>;
  fromRows: (rows: O[]) => Promise<R[]>;
};

/**
 * A page found on bare rows (`qb`: cheap to sort, count and skip in an index's order) and read by `read`, which
 * gets the page's statement to use as a subquery (joining what the list shows to the page's rows only) and
 * answers them in the list's order, mirrored reads included. The total is counted as with `count: 'separate'`;
 * `total: () => countRows(qb)` has it counted first past the start, so a page past the middle is read from the
 * far end.
 * @example return paginateReading(rangeRows, query, bareSort, 'd.id', { total }, (page) => withDetails(db, page).execute());
 */
export function paginateReading<O, R>(
  qb: AnySelect<O>,
  query: Query,
  map: SortMap,
  tieBreaker: TieBreaker,
  options: Pick<PaginateOptions, 'total'>,
  read: (page: AnySelect<O>) => Promise<R[]>,
): Promise<Paged<R>> {
  return paginateWith(
    qb,
    query,
    map,
    tieBreaker,
    { ...options, count: 'separate' },
    { read, fromRows: async () => [] },
  );
}

/** The paging itself (see paginate). */
async function paginateWith<O, R>(
  qb: AnySelect<O>,
  query: Query,
  map: SortMap,
  tieBreaker: TieBreaker,
  options: PaginateOptions,
  { read, fromRows }: Reader<O, R>,
): Promise<Paged<R>> {
  options = withinScope(options);
  const offset = (query.page - 1) * query.pageSize;
  const page = orderBy(qb, query.sort, map, tieBreaker, options.tieBreakerFollowsSort)
    .limit(query.pageSize)
    .offset(offset);
  const countAll = () => countRows(qb);
  const answer = (items: R[], total: number) => ({ items, pagination: pagination(query.page, query.pageSize, total) });

  if (options.count === 'separate') {
    if (options.fewMatches && offset < options.fewMatches.cap) {
      const order = orderTerms(query.sort, map, tieBreaker, options.tieBreakerFollowsSort);
      const few = await fewMatchesPage(qb, order, query.pageSize, offset, options.fewMatches);
      if (few) return answer(await fromRows(few.rows), few.total);
    }
    if (offset === 0 && options.totalExpression) {
      // The first page reads its kept total in its own statement.
      const rows = (await read(page.select(options.totalExpression.as('keptTotal')) as AnySelect<O>, false)) as Array<
        R & { keptTotal: number | null }
      >;
      const kept = rows[0] ? rows[0].keptTotal : await options.total?.();
      return answer(
        rows.map(({ keptTotal, ...row }) => row as unknown as R),
        kept === null || kept === undefined ? await countAll() : Number(kept),
      );
    }
    if (options.total && offset < NEAR_START) {
      // Near the start the far end never pays: the page and the total run at the same time, and a
      // total the caller cannot give is counted as soon as that is known.
      const total = options.total().then((known) => known ?? countAll());
      const [items, n] = await Promise.all([read(page, false), total]);
      return answer(items, n);
    }
    const known = await options.total?.();
    if (known === undefined) {
      const [items, total] = await Promise.all([read(page, false), countAll()]);
      return answer(items, total);
    }
    if (offset > known / 2 && offset < known) {
      // Past the middle, read from the far end in mirror order: OFFSET skips entry by entry, so the
      // last page of 500,000 would otherwise walk the whole index.
      const take = Math.min(query.pageSize, known - offset);
      const mirrored = orderBy(qb, query.sort, map, tieBreaker, options.tieBreakerFollowsSort, true)
        .limit(take)
        .offset(known - offset - take);
      return answer(await read(mirrored, true), known);
    }
    return answer(await read(page, false), known);
  }
  const rows = (await page.select(sql<number>`count(*) over()`.as('windowTotal')).execute()) as Array<
    O & { windowTotal: number }
  >;
  // Past the last page there is no row to carry the window total: count separately so the pager still knows where the end is.
  const total = rows[0]?.windowTotal ?? (await countAll());
  return answer(
    rows.map(({ windowTotal, ...row }) => row as unknown as R),
    Number(total),
  );
}
