import { sql } from 'kysely';
import { emptyAddress, ROLE_ADMIN, type Account, type AccountListQuery } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { pageOfRows, type SortMap } from '../../db/list.js';
import { pageOfAccountIds } from './filters.js';
import { hasSecondFactor } from '../../services/auth/second-factor.js';

type ListQuery = z.output<typeof AccountListQuery>;
type CreateInput = z.output<typeof import('@app/contract').AccountCreateInput>;
type UpdateInput = z.output<typeof import('@app/contract').AccountUpdateInput>;

/** Name order: the stored lower(last name || ' ' || first name), indexed per list (migration 0010). */
export const nameKey = sql.ref<string>('a.nameKey');

export const accountSort: SortMap<ListQuery['sort'][number]['field']> = {
  name: nameKey,
  email: sql`lower(a.email)`,
  memberAt: 'a.memberAt',
  pledgedAt: 'a.pledgedAt',
  id: 'a.id',
};

const accountColumns = [
  'a.id',
  'a.firstName',
  'a.lastName',
  'a.email',
  'a.invitationCode',
  'a.admin',
  'a.active',
  'a.legacyId',
  'a.phone',
  'a.address',
  'a.roles',
  'a.pledgedAt',
  'a.memberAt',
  'a.createdAt',
  'a.updatedAt',
  'i.name as schoolName',
] as const;

function selectAccounts(db: Db) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('institutions as i', 'i.id', 'a.institutionId')
    .select(accountColumns)
    .select(hasSecondFactor('a.id').as('twoFactorOn'));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectAccounts>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAccount(row: Row): Account {
  return {
    ...row,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    address: { ...emptyAddress, ...row.address },
    pledgedAt: iso(row.pledgedAt),
    memberAt: iso(row.memberAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAccounts(db: Db, query: ListQuery) {
  // The page is found on narrow index scans, then its rows are read with their school.
  const page = await pageOfAccountIds(db, query, query, accountSort);
  return pageOfRows(page, async (ids) => (await selectAccounts(db).where('a.id', 'in', ids).execute()).map(toAccount));
}

export async function getAccount(db: Db, id: number): Promise<Account | undefined> {
  const row = await selectAccounts(db).where('a.id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

/** The roles list with ROLE_ADMIN added or removed to match the admin flag; other roles are kept. */
export function rolesFor(current: readonly string[], admin: boolean): string[] {
  const others = current.filter((r) => r !== ROLE_ADMIN);
  return admin ? [...others, ROLE_ADMIN] : others;
}

function values(input: UpdateInput) {
  const { address, ...rest } = input;
  return { ...rest, address: JSON.stringify(address) };
}

export async function createAccount(db: Db, input: CreateInput, passwordHash: string): Promise<number> {
  const { password: _password, ...fields } = input;
  const { id } = await db
    .insertInto('accounts')
    .values({ ...values(fields), passwordHash, roles: sql`${rolesFor(['ROLE_USER'], input.admin)}::text[]` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateAccount(db: Db, id: number, input: UpdateInput): Promise<boolean> {
  const current = await db.selectFrom('accounts').select('roles').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) return false;
  await db
    .updateTable('accounts')
    .set({ ...values(input), roles: sql`${rolesFor(current.roles, input.admin)}::text[]`, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function setPassword(db: Db, id: number, passwordHash: string): Promise<boolean> {
  const res = await db
    .updateTable('accounts')
    .set({ passwordHash, updatedAt: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}
