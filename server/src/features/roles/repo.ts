import { sql } from 'kysely';
import type { z } from 'zod';
import type { Role, RoleInput } from '@app/contract';
import type { Db } from '../../db/database.js';
import { expandPermissions } from '../../services/auth/role-table.js';

type Input = z.output<typeof RoleInput>;

function selectRoles(db: Db) {
  return db
    .selectFrom('roles as r')
    .select([
      'r.id',
      'r.name',
      'r.description',
      'r.permissions',
      'r.chapterScoped',
      'r.builtIn',
      'r.createdAt',
      'r.updatedAt',
    ])
    .select(
      // The accounts' GIN index on roles answers this without a scan (migration 0035a).
      sql<number>`(select count(*)::int from accounts a where a.roles @> array[r.name])`.as('accounts'),
    );
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRoles>['executeTakeFirstOrThrow']>>;

/** A role as answered: its permissions spelled out (`*` is every one), sorted. */
const toRole = (row: Row): Role => ({
  ...row,
  permissions: [...expandPermissions(row.permissions)].sort(),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listRoles(db: Db): Promise<Role[]> {
  return (await selectRoles(db).orderBy('r.name').execute()).map(toRole);
}

export async function getRole(db: Db, id: number): Promise<Role | undefined> {
  const row = await selectRoles(db).where('r.id', '=', id).executeTakeFirst();
  return row && toRole(row);
}

/** A role's row, locked until the transaction ends. */
export const lockRole = (db: Db, id: number) =>
  db.selectFrom('roles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

const columns = (input: Input, permissions: readonly string[]) => ({
  name: input.name,
  description: input.description,
  permissions: sql<string[]>`${[...permissions]}::text[]`,
  chapterScoped: input.chapterScoped,
});

export async function insertRole(db: Db, input: Input): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values(columns(input, input.permissions))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Saves a role; a new name is carried over to the accounts holding the old one. */
export async function updateRole(db: Db, id: number, oldName: string, input: Input, permissions: readonly string[]) {
  await db
    .updateTable('roles')
    .set({ ...columns(input, permissions), updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  if (oldName !== input.name)
    await db
      .updateTable('accounts')
      .set({ roles: sql`array_replace(roles, ${oldName}, ${input.name})`, updatedAt: sql`now()` })
      .where(sql<boolean>`roles @> array[${oldName}]::text[]`)
      .execute();
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}
