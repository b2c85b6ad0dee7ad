import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { SortTerm } from '@app/contract';
import type { Db } from '../../db/database.js';
import { likePattern, paginate, unindexedSort, type SortMap } from '../../db/list.js';
import { dayRange } from '../../db/day-range.js';
import { searchable } from '../../db/directory-opt-out.js';
import { chapterScope, dailyCounts, inScope } from '../../services/auth/chapter-scope.js';

export type AccountFilters = {
  search?: string;
  status?: 'member' | 'pledge';
  pledgeFrom?: string;
  pledgeTo?: string;
  memberFrom?: string;
  memberTo?: string;
};

/**
 * The text search looks in; migration 0006 keeps a trigram index on exactly this expression, so it
 * must not change without the index.
 */
export const searchText = sql<string>`lower(a.first_name || ' ' || a.last_name || ' ' || a.email || ' ' || coalesce(a.invitation_code, ''))`;

/**
 * The account filters (spec 01 §3): search in names, email and invitation code; status member
 * (has member_at) or pledge (pledged, no member_at); pledge and membership day ranges; and always the
 * caller's chapter scope (by the account's chapter).
 */
export function applyAccountFilters<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, f: AccountFilters): QB {
  const where: RawBuilder<boolean>[] = [];
  if (chapterScope()) qb = qb.where(inScope('a.chapterId')) as QB;
  if (f.search)
    where.push(searchable(sql`${searchText} like ${likePattern(f.search.toLowerCase())}`, 'a.directoryOptOut'));
  if (f.status === 'member') where.push(sql`a.member_at is not null`);
  if (f.status === 'pledge') where.push(sql`a.pledged_at is not null and a.member_at is null`);
  const pledged = dayRange(f.pledgeFrom, f.pledgeTo);
  if (pledged.gte) where.push(sql`a.pledged_at >= ${pledged.gte}`);
  if (pledged.lt) where.push(sql`a.pledged_at < ${pledged.lt}`);
  const member = dayRange(f.memberFrom, f.memberTo);
  if (member.gte) where.push(sql`a.member_at >= ${member.gte}`);
  if (member.lt) where.push(sql`a.member_at < ${member.lt}`);
  return where.reduce((q, w) => q.where(w) as QB, qb);
}

type Page<F extends string> = { page: number; pageSize: number; sort: SortTerm<F>[] };

/** A search the trigram index can answer (it needs three characters). */
const indexedSearch = (search?: string) => !!search && search.length >= 3;

/**
 * One page of account ids under the filters, planned for 500,000+ rows (measured with EXPLAIN ANALYZE):
 * - without a trigram-sized search, the page walks a `(key, id)` index in sort order (either way, as
 *   the tie-break follows the sort) and stops after `limit` rows, while the total is a separate count
 *   (index-only on the partial date indexes);
 * - with one, the trigram index finds every match once, and the matches are sorted and counted in the
 *   same statement. The sort keys are made unindexable there on purpose: the planner cannot tell a
 *   rare term from a common one, and for a rare term its favourite plan (walk the date index testing
 *   every row against the pattern) reads the whole table.
 */
export function pageOfAccountIds<F extends string>(db: Db, filters: AccountFilters, page: Page<F>, sort: SortMap<F>) {
  const ids = applyAccountFilters(db.selectFrom('accounts as a'), filters).select('a.id');
  return indexedSearch(filters.search)
    ? paginate(ids, page, unindexedSort(sort), 'a.id', { count: 'window' })
    : paginate(ids, page, sort, 'a.id', {
        count: 'separate',
        tieBreakerFollowsSort: true,
        total: () => countFromDailyCounts(db, filters),
        totalInScope: true,
      });
}

/**
 * The exact total of a members list (by membership days) or pledges list (by pledge days) from the
 * per-day counts the triggers of migrations 0007/0009 keep, when those are the only filters; else
 * undefined (the list counts its rows). Both filter by whole UTC days, as the table is kept.
 */
export async function countFromDailyCounts(db: Db, f: AccountFilters): Promise<number | undefined> {
  if (f.search) return undefined;
  const kind = f.status === 'member' ? 'joins' : f.status === 'pledge' ? 'open_pledges' : undefined;
  const other = f.status === 'member' ? [f.pledgeFrom, f.pledgeTo] : [f.memberFrom, f.memberTo];
  if (!kind || other.some(Boolean)) return undefined;
  const range = f.status === 'member' ? dayRange(f.memberFrom, f.memberTo) : dayRange(f.pledgeFrom, f.pledgeTo);
  // A chapter-scoped caller's from its chapters' daily counts (migration 0036c).
  let q = db
    .selectFrom(dailyCounts().as('d'))
    .select(sql<number>`coalesce(sum(count), 0)`.as('n'))
    .where(sql<boolean>`kind = ${kind}`);
  // Compared as dates: a timestamp parameter would be cast in the session's time zone.
  const day = (d: Date) => sql<string>`${d.toISOString().slice(0, 10)}::date`;
  if (range.gte) q = q.where(sql<boolean>`day >= ${day(range.gte)}`);
  if (range.lt) q = q.where(sql<boolean>`day < ${day(range.lt)}`);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}
