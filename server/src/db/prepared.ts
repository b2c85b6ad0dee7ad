import { CamelCasePlugin, type Compilable, type CompiledQuery, type Kysely, type QueryId } from 'kysely';
import { dbPools, type DB, type Db } from './database.js';

const camelCase = new CamelCasePlugin();

/** Stands for the i-th parameter while the statement is built; each call puts its own value there. */
const placeholder = (i: number) => `\u0000prepared-parameter-${i}\u0000`;

/**
 * A statement sent as often as requests come (a public page's data, say, or a delivery's accepted mark: a write
 * returns no rows), built and compiled by Kysely once and sent as a named prepared statement: PostgreSQL parses and plans it once per connection instead of on every call,
 * and no query is built in JavaScript per call. `build(db, ...parameters)` makes the statement from stand-ins
 * for the call's values, which each call gives in the same order; any other value stays as built. Rows come
 * back camelCased, as Kysely answers them. In a transaction (or on a Db not made by createDb) it runs through
 * Kysely as usual. `name` must be unique in the process.
 * @example
 * const byCode = preparedStatement('invitee-by-code', (db, code: string) => db.selectFrom('invitees').selectAll().where('invitationCode', '=', code));
 * const [row] = await byCode(db, 'NWU-7KQ2P');
 */
export function preparedStatement<R, P extends unknown[]>(
  name: string,
  build: (db: Db, ...parameters: P) => Compilable<R>,
): (db: Db, ...parameters: P) => Promise<R[]> {
  let compiled: { query: CompiledQuery<R>; slots: Array<number | undefined> } | undefined;
  return async (db, ...parameters) => {
    if (!compiled) {
      const standIns = parameters.map((_, i) => placeholder(i));
      const query = build(db, ...(standIns as P)).compile();
      const slots = query.parameters.map((p) =>
        typeof p === 'string' && standIns.includes(p) ? standIns.indexOf(p) : undefined,
      );
      compiled = { query, slots };
    }
    const { query, slots } = compiled;
    const values = query.parameters.map((p, i) => (slots[i] === undefined ? p : parameters[slots[i]!]));
    const pool = db.isTransaction ? undefined : dbPools.get(db as Kysely<DB>);
    if (!pool) return (await db.executeQuery<R>({ ...query, parameters: values })).rows;
    const { rows } = await pool.query({ name, text: query.sql, values });
    const result = await camelCase.transformResult({ result: { rows }, queryId: { queryId: name } as QueryId });
    return result.rows as R[];
  };
}
