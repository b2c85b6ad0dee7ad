import { sql } from 'kysely';
import { emptyAddress, ROLE_USER, type Account, type AccountListQuery } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import { pageOfRows, type SortMap } from '../../db/list.js';
import { pageOfAccountIds } from './filters.js';
import { hasSecondFactor } from '../../services/auth/two-factor.js';
import { inScope } from '../../services/auth/chapter-scope.js';

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
  'a.chapterIds',
  'a.institutionId',
  'a.chapterId',
  'a.pledgedAt',
  'a.memberAt',
  'a.directoryOptOut',
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
  const row = await selectAccounts(db).where('a.id', '=', id).where(inScope('a.chapterId')).executeTakeFirst();
  return row && toAccount(row);
}

/**
 * The columns an account input writes. Roles and chapters left out stay as they are (a new account: ROLE_USER,
 * none); `admin` only lets an account sign in to /admin, its roles say what it may do there (issue 35).
 */
function values(input: UpdateInput) {
  const { address, roles, chapterIds, ...rest } = input;
  return {
    ...rest,
    address: JSON.stringify(address),
    ...(roles ? { roles: sql<string[]>`${[...new Set(roles)]}::text[]` } : {}),
    ...(chapterIds ? { chapterIds: sql<number[]>`${[...new Set(chapterIds)]}::integer[]` } : {}),
  };
}

/** What a new account's staff access would be (roles default to ROLE_USER). */
export const newStaffAccess = (input: UpdateInput) => ({
  admin: input.admin,
  active: input.active,
  roles: input.roles ?? [ROLE_USER],
  chapterIds: input.chapterIds ?? [],
});

export async function createAccount(db: Db, input: CreateInput, passwordHash: string): Promise<number> {
  const { password: _password, ...fields } = input;
  const { id } = await db
    .insertInto('accounts')
    .values({ roles: [ROLE_USER], ...values(fields), passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An account's staff access, its row locked until the transaction ends; undefined when there is none. */
export const lockStaffAccess = (db: Db, id: number) =>
  db
    .selectFrom('accounts as a')
    .select(['a.admin', 'a.active', 'a.roles', 'a.chapterIds'])
    .where('a.id', '=', id)
    .where(inScope('a.chapterId'))
    .forUpdate()
    .executeTakeFirst();

export async function updateAccount(db: Db, id: number, input: UpdateInput): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...values(input), updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setPassword(db: Db, id: number, passwordHash: string): Promise<boolean> {
  const res = await db
    .updateTable('accounts as a')
    .set({ passwordHash, updatedAt: sql`now()` })
    .where('a.id', '=', id)
    .where(inScope('a.chapterId'))
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}
