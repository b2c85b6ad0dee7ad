// The account a member's row belongs to (an AI video, an AI chat on a template), as the admin lists of
// those rows show it and search it.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AccountTable, DB } from '../db/database.js';
import { accountPerson, likePattern } from '../db/list.js';

type Person = { id: number; name: string; email: string };

/**
 * Joins the account whose id `accountId` holds (e.g. 'v.accountId') as `a`, and selects it as `account`
 * ({ id, name, email }).
 * @example withAccount(db.selectFrom('aiVideos as v'), 'v.accountId').select(['v.id', 'a.email'])
 */
export function withAccount<D extends DB, TB extends keyof D, O>(qb: SelectQueryBuilder<D, TB, O>, accountId: string) {
  // Kysely cannot type a join on a builder whose tables are generic: the join is typed on the app's tables,
  // then the builder is given back its own.
  return (qb as unknown as SelectQueryBuilder<DB, keyof DB, O>)
    .innerJoin('accounts as a', (join) => join.on(sql<boolean>`a.id = ${sql.ref(accountId)}`))
    .select(accountPerson('a').as('account')) as unknown as SelectQueryBuilder<D & { a: AccountTable }, TB | 'a', O & { account: Person }>;
}

const fullName = sql`a.first_name || ' ' || a.last_name`;

/** Rows whose account's "first last" name contains `search` (any case). */
export function accountNameMatches(search: string) {
  return sql<boolean>`(${fullName}) ilike ${likePattern(search)}`;
}

/** Rows whose account's name and email, after the row's own `column` when given (e.g. 'v.name'), contain `search`. */
export function accountMatches(search: string, column?: string) {
  const own = column ? sql`${sql.ref(column)} || ' ' || ` : sql``;
  return sql<boolean>`(${own}${fullName} || ' ' || a.email) ilike ${likePattern(search)}`;
}
