// How the admin lists show and search the account a row names: its name (who saved a row last), its
// { id, name, email } (a member's AI video or chat), and the searches on them.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { AccountTable, DB } from './database.js';
import { likePattern } from './list.js';
import { forThirdParty, searchable, withheldIf } from './directory-opt-out.js';

type AccountPerson = { id: number; name: string; email: string };

/**
 * The full name of the account joined as `alias` (e.g. the one who saved a row last), or null.
 * @example qb.leftJoin('accounts as a', 'a.id', 't.updatedBy').select(accountName('a').as('updatedBy'))
 */
export function accountName(alias: string) {
  return sql<
    string | null
  >`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;
}

/**
 * The full name of the account whose id `column` holds (e.g. the one who saved a row last), or null.
 * @example qb.select(['t.id', accountNameOf('t.updatedBy').as('updatedBy')])
 */
export function accountNameOf(column: string) {
  return sql<
    string | null
  >`(select ${accountName('editor')} from accounts editor where editor.id = ${sql.ref(column)})`;
}

/**
 * The account joined as `alias` as one `{ id, name, email }` object (name: first and last, trimmed), e.g. who
 * made a row. Key names need no camel-casing, so json_build_object reads them as they are.
 * @example qb.innerJoin('accounts as a', 'a.id', 'v.accountId').select(accountPerson('a').as('account'))
 */
export function accountPerson(alias: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const name = sql`trim(${column('first_name')} || ' ' || ${column('last_name')})`;
  // To a third party, an opted-out account reads as its placeholders (db/directory-opt-out.ts).
  const [shownName, shownEmail] = forThirdParty()
    ? [
        withheldIf(column('directory_opt_out'), name, 'name'),
        withheldIf(column('directory_opt_out'), column('email'), 'email'),
      ]
    : [name, column('email')];
  return sql<AccountPerson>`json_build_object('id', ${column('id')}, 'name', ${shownName}, 'email', ${shownEmail})`;
}

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
    .select(accountPerson('a').as('account')) as unknown as SelectQueryBuilder<
    D & { a: AccountTable },
    TB | 'a',
    O & { account: AccountPerson }
  >;
}

const fullName = sql`a.first_name || ' ' || a.last_name`;

/** Rows whose account's "first last" name contains `search` (any case); never an opted-out one's for a third party. */
export function accountNameMatches(search: string) {
  return searchable(sql<boolean>`(${fullName}) ilike ${likePattern(search)}`, 'a.directoryOptOut');
}

/**
 * Rows whose account's name and email, after the row's own `column` when given (e.g. 'v.name'), contain `search`;
 * never an opted-out account's for a third party (db/directory-opt-out.ts).
 */
export function accountMatches(search: string, column?: string) {
  const own = column ? sql`${sql.ref(column)} || ' ' || ` : sql``;
  return searchable(
    sql<boolean>`(${own}${fullName} || ' ' || a.email) ilike ${likePattern(search)}`,
    'a.directoryOptOut',
  );
}
