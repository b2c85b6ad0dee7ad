import { sql, type AliasableExpression, type Expression, type SelectQueryBuilder } from 'kysely';
import type { Readable } from 'node:stream';
import { copyCsv, type CsvColumn } from './copy-csv.js';
import type { Kysely } from 'kysely';
import type { DB } from './database.js';
import { pagination, type Paged, type SortTerm } from '@app/contract';
import { chapterScope } from './chapter-scope.js';

// The list helpers every repo imports from here; searching and page items live beside it.
export { likePattern, searchMatch } from './search.js';
export { firstItem, mapPage, pageOfRows, rowsInOrder } from './page-items.js';

/** A list's sortable fields mapped to the columns (or expressions) they order by. Only these are ever used. */
export type SortMap<F extends string = string> = Record<F, string | Expression<unknown>>;

/** The sortable fields of a list query (its `sort` terms' fields). */
export type SortField<Q extends { sort: readonly SortTerm[] }> = Q['sort'][number]['field'];

/** A list query's filters: all of it but the page and the order. */
export type ListFilters<Q> = Omit<Q, 'page' | 'pageSize' | 'sort'>;

/**
 * The sort fields named like their column of the table aliased `alias`, as part of a SortMap
 * (`name` orders by `alias.name`); the map adds the others.
 * @example const chapterSort: SortMap<SortField<ListQuery>> = { ...ownColumns('ch', ['name', 'id']), institution: 'i.name' };
 */
export function ownColumns<F extends string>(alias: string, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, `${alias}.${field}`])) as Record<F, string>;
}

/**
 * The same sort keys in a form no index matches (`coalesce(x, x)` orders exactly like x): for a filter the
 * planner cannot weigh (a rare search term, one chapter's rows), so that it finds the matches first and sorts
 * them instead of walking a sort index through the whole table testing each row.
 */
export function unindexedSort<F extends string>(map: SortMap<F>): SortMap<F> {
  const out = {} as SortMap<F>;
  for (const [field, key] of Object.entries(map) as [F, SortMap<F>[F]][]) {
    const e = typeof key === 'string' ? sql.ref(key) : key;
    out[field] = sql`coalesce(${e}, ${e})`;
  }
  return out;
}

type Query = { page: number; pageSize: number; sort: SortTerm[] };
// Generic over any select: the helper only adds order, limit and a window count.
type AnySelect<O> = SelectQueryBuilder<any, any, O>;

const flip = (d: 'asc' | 'desc') => (d === 'asc' ? 'desc' : 'asc');

/** Rows skipped below which a page is read forwards without waiting for its total (see paginate). */
const NEAR_START = 1_000;

type OrderTerm = { expr: Expression<unknown>; direction: 'asc' | 'desc' };

/** The sort terms and a tie-break as expressions; `reversed` gives the exact mirror order (nulls included). */
function orderTerms(
  sort: SortTerm[],
  map: SortMap,
  tieBreaker: string,
  tieBreakerFollowsSort = false,
  reversed = false,
): OrderTerm[] {
  const terms = sort.map(({ field, direction }): OrderTerm => {
    const col = map[field];
    if (col === undefined) throw new Error(`Unmapped sort field ${field}`); // the contract already refused it
    return { expr: typeof col === 'string' ? sql.ref(col) : col, direction: reversed ? flip(direction) : direction };
  });
  // A stable tie-break so pages never repeat or skip rows.
  const last = sort[sort.length - 1]?.direction ?? 'asc';
  const tie = tieBreakerFollowsSort ? last : 'asc';
  return [...terms, { expr: sql.ref(tieBreaker), direction: reversed ? flip(tie) : tie }];
}

/** Orders by the sort terms and a tie-break; `reversed` gives the exact mirror order (nulls included). */
function orderBy<O>(
  qb: AnySelect<O>,
  sort: SortTerm[],
  map: SortMap,
  tieBreaker: string,
  tieBreakerFollowsSort = false,
  reversed = false,
): AnySelect<O> {
  for (const { expr, direction } of orderTerms(sort, map, tieBreaker, tieBreakerFollowsSort, reversed))
    qb = qb.orderBy(expr, direction);
  return qb;
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
   * With `count: 'separate'`: the matches are likely few (a search through a trigram index), so they
   * are found once instead of twice (page and count): at most `cap` of them are read with their sort
   * keys and numbered, paged and counted among themselves in one statement (`db` builds it). Beyond
   * `cap` matches the page and the total are read as usual.
   */
  fewMatches?: { db: Kysely<any>; cap: number };
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

/** The paging itself (see paginate). */
async function paginateWith<O, R>(
  qb: AnySelect<O>,
  query: Query,
  map: SortMap,
  tieBreaker: string,
  options: PaginateOptions,
  { read, fromRows }: Reader<O, R>,
): Promise<Paged<R>> {
  options = withinScope(options);
  const offset = (query.page - 1) * query.pageSize;
  const page = orderBy(qb, query.sort, map, tieBreaker, options.tieBreakerFollowsSort)
    .limit(query.pageSize)
    .offset(offset);
  const countAll = async () => {
    const { n } = (await qb
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()) as { n: number };
    return Number(n);
  };
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

/** Up to this many matches of a search are paged and counted in one statement (see fewSearchMatches). */
const SEARCH_MATCH_CAP = 5_000;

/**
 * The `fewMatches` option for a list searched through a trigram index: a search of 3 characters or
 * more (fewer cannot use the index) usually matches a few rows, found once for the page and the total.
 * @example paginate(filtered, query, sortMap, 'e.id', { count: 'separate', fewMatches: fewSearchMatches(db, query.search) })
 */
export function fewSearchMatches(db: Kysely<any>, search: string | undefined): PaginateOptions['fewMatches'] {
  return search && search.length >= 3 ? { db, cap: SEARCH_MATCH_CAP } : undefined;
}

/**
 * One statement that reads at most `cap + 1` matches with their sort keys (the scan stops there),
 * then counts, orders and pages those: the page's rows and the total when there are `cap` or fewer;
 * undefined when there are more, or when the page is past the end (no row carries the total).
 */
async function fewMatchesPage<O>(
  qb: AnySelect<O>,
  order: OrderTerm[],
  pageSize: number,
  offset: number,
  { db, cap }: { db: Kysely<any>; cap: number },
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

export type { CsvColumn } from './copy-csv.js';

/**
 * Streams the same filtered select, unpaged and in the list's order, as CSV through PostgreSQL's
 * COPY (see `copyCsv`): the database writes the CSV, memory stays constant whatever the row count.
 * `columns` replace the select's own list; text columns neutralised with `csvText`.
 * @example streamCsv(db, filtered, query.sort, sortMap, [{ header: 'name', value: csvText('i.name') }], 'i.id')
 */
export function streamCsv<O>(
  db: Kysely<DB>,
  qb: AnySelect<O>,
  sort: SortTerm[],
  map: SortMap,
  columns: CsvColumn[],
  tieBreaker = 'id',
): Promise<Readable> {
  return copyCsv(db, orderBy(qb, sort, map, tieBreaker), columns);
}
