import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { hashPassword } from '../services/auth/passwords.js';
import { makeChapter } from './fixtures.js';

type AccountRow = Insertable<DB['accounts']>;
export type AccountFixture = Partial<Omit<AccountRow, 'passwordHash'>> & {
  /** Hashed as sign-in would; left out or null: no password. */
  password?: string | null;
};

let n = 0;

/**
 * For tests, the one account builder: inserts an account and answers its id and address. A member unless told
 * (names, an address of its own, no password, no staff flag, ROLE_USER); any column may be given.
 * @example const { id, email } = await makeAccount(t.db, { email: 'ada@example.test', password: 'password123' });
 */
export async function makeAccount(db: Kysely<DB>, { password, ...fields }: AccountFixture = {}) {
  const email = fields.email ?? `account${++n}.${process.pid}@example.test`;
  const { id } = await db
    .insertInto('accounts')
    .values({
      firstName: 'Test',
      lastName: 'Account',
      address: '{}',
      ...fields,
      email,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email };
}

/**
 * A staff account (may sign in to /admin) holding ROLE_USER and `roles` (default ROLE_ADMIN: every permission).
 * @example const { id } = await makeStaff(t.db, { roles: ['ROLE_PAYMENTS'], password: 'password123' });
 */
export const makeStaff = (db: Kysely<DB>, { roles = ['ROLE_ADMIN'], ...fields }: AccountFixture = {}) =>
  makeAccount(db, { admin: true, ...fields, roles: ['ROLE_USER', ...(roles as string[])] });

/**
 * A member (pledged Sep 1, member since Sep 14, 2026) of a new chapter of a new institution, each named
 * `[name, abbreviation]`; `password` lets them sign in. The person of the member screens' browser tests and of
 * the Lighthouse bench. Answers the account's id and address and the chapter's and institution's ids.
 * @example const m = await makeMember(db, { institution: ['Lakeside State University', 'LSU'], chapter: ['Alpha Beta', 'AB'], email, password });
 */
export async function makeMember(
  db: Kysely<DB>,
  { institution, chapter, ...fields }: AccountFixture & { institution: [string, string]; chapter: [string, string] },
) {
  const { chapterId, institutionId } = await makeChapter(db, institution, chapter);
  const account = await makeAccount(db, {
    firstName: 'Maria',
    admin: false,
    active: true,
    roles: ['ROLE_USER'],
    chapterId,
    institutionId,
    pledgedAt: new Date('2026-09-01T12:00:00Z'),
    memberAt: new Date('2026-09-14T12:00:00Z'),
    ...fields,
  });
  return { ...account, chapterId, institutionId };
}
