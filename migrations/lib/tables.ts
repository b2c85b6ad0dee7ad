import { sql, type Kysely, type RawBuilder } from 'kysely';

type Sql = RawBuilder<unknown>;

/**
 * Creates a table of `id serial primary key` and then `columns`: the table's own columns and constraints,
 * in order (none may end in a `--` comment). For tables that createTable's timestamps do not fit.
 */
export async function createIdTable(db: Kysely<any>, name: string, columns: Sql): Promise<void> {
  await sql`
    create table ${sql.raw(name)} (
      id serial primary key,
      ${columns}
    )`.execute(db);
}

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
  const all = [
    columns,
    sql`created_at timestamptz not null default now()`,
    sql`updated_at timestamptz not null default now()`,
    ...(updatedBy ? [sql`updated_by integer references accounts(id) on delete set null`] : []),
    ...(constraints ? [constraints] : []),
  ];
  await createIdTable(db, name, sql.join(all, sql`,\n      `));
}

/**
 * A column naming the row of `parent` this row belongs to: never null, and the row goes when that one is
 * deleted (`on delete cascade`).
 */
export const belongsTo = (column: string, parent: string): Sql =>
  sql.raw(`${column} integer not null references ${parent}(id) on delete cascade`);

/**
 * The columns of a row kept in a dense, 0-based `index` order within its parent (`column` references
 * `parent`, and the row goes with it); pair with `orderKey(column)` among the table's constraints.
 */
export const orderedIn = (column: string, parent: string): Sql => sql`${belongsTo(column, parent)},
      index integer not null check (index >= 0)`;

/**
 * One `index` per position in the parent, checked at commit so that writers (who lock the parent row
 * first) may renumber the rows in any order.
 */
export const orderKey = (column: string): Sql => sql.raw(`unique (${column}, index) deferrable initially deferred`);

/** `'a', 'b', ...`: a list of text values spliced into a check (the values are the migration's own). */
export const textList = (values: readonly string[]): Sql => sql.raw(values.map((v) => `'${v}'`).join(', '));
