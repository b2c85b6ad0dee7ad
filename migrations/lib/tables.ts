import { sql, type Kysely, type RawBuilder } from 'kysely';

type Sql = RawBuilder<unknown>;

/**
 * Creates an editable table in the shape most of them share:
 *   id serial primary key, <columns>, created_at, updated_at[, updated_by][, <constraints>]
 * `created_at` and `updated_at` default to now(); `updated_by` (with `updatedBy`) is the account that last
 * saved the row, set to null when that account is deleted. `columns` are the table's own columns in order,
 * `constraints` its table constraints; neither may end in a `--` comment (a comma follows each).
 */
export async function createTable(
  db: Kysely<any>,
  name: string,
  columns: Sql,
  { updatedBy = false, constraints }: { updatedBy?: boolean; constraints?: Sql } = {},
): Promise<void> {
  const tail = [
    sql`created_at timestamptz not null default now()`,
    sql`updated_at timestamptz not null default now()`,
    ...(updatedBy ? [sql`updated_by integer references accounts(id) on delete set null`] : []),
    ...(constraints ? [constraints] : []),
  ];
  await sql`
    create table ${sql.raw(name)} (
      id serial primary key,
      ${columns},
      ${sql.join(tail, sql`,\n      `)}
    )`.execute(db);
}

/**
 * The columns of a row kept in a dense, 0-based `index` order within its parent (`column` references
 * `parent`, and the row goes with it); pair with `orderKey(column)` among the table's constraints.
 */
export const orderedIn = (column: string, parent: string): Sql =>
  sql.raw(`${column} integer not null references ${parent}(id) on delete cascade,
      index integer not null check (index >= 0)`);

/**
 * One `index` per position in the parent, checked at commit so that writers (who lock the parent row
 * first) may renumber the rows in any order.
 */
export const orderKey = (column: string): Sql => sql.raw(`unique (${column}, index) deferrable initially deferred`);

/** `'a', 'b', ...`: a list of text values spliced into a check (the values are the migration's own). */
export const textList = (values: readonly string[]): Sql => sql.raw(values.map((v) => `'${v}'`).join(', '));
