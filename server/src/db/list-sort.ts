import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { SortTerm } from '@app/contract';

// A list's order: the sortable fields, their columns, and the order terms with a stable tie-break (db/list.ts).

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

// Generic over any select: the helpers only add order, limit and counts.
export type AnySelect<O> = SelectQueryBuilder<any, any, O>;

const flip = (d: 'asc' | 'desc') => (d === 'asc' ? 'desc' : 'asc');

export type OrderTerm = { expr: Expression<unknown>; direction: 'asc' | 'desc' };

/**
 * The stable tie-break of a list's order: a column (`id`), or several keys in turn where no one column is unique
 * (`[sql.ref('d.day'), sql\`d.domain collate "C"\`]`).
 */
export type TieBreaker = string | Expression<unknown>[];

/** The sort terms and a tie-break as expressions; `reversed` gives the exact mirror order (nulls included). */
export function orderTerms(
  sort: SortTerm[],
  map: SortMap,
  tieBreaker: TieBreaker,
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
  const ties = typeof tieBreaker === 'string' ? [sql.ref(tieBreaker)] : tieBreaker;
  return [...terms, ...ties.map((expr) => ({ expr, direction: reversed ? flip(tie) : tie }))];
}

/** Orders by the sort terms and a tie-break; `reversed` gives the exact mirror order (nulls included). */
export function orderBy<O>(
  qb: AnySelect<O>,
  sort: SortTerm[],
  map: SortMap,
  tieBreaker: TieBreaker,
  tieBreakerFollowsSort = false,
  reversed = false,
): AnySelect<O> {
  for (const { expr, direction } of orderTerms(sort, map, tieBreaker, tieBreakerFollowsSort, reversed))
    qb = qb.orderBy(expr, direction);
  return qb;
}
