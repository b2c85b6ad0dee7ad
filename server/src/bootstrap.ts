import { sql } from 'kysely';
import type { Db } from './db/database.js';
import { hashPassword } from './services/auth/passwords.js';
import { isCommonPassword } from './services/auth/password-policy.js';
import { revokeAccountSessions } from './services/auth/sessions.js';

export type EnsureAdminResult = 'created' | 'kept' | 'reset';

/**
 * The bootstrap staff account named by ADMIN_EMAIL / ADMIN_PASSWORD: created when missing, and left
 * alone when it exists, so a change made in the UI (a new password, deactivation) survives restarts.
 * `reset: true` (ADMIN_RESET=true) deliberately re-activates it as staff with this password and ends
 * its sessions: for a locked-out administrator.
 */
export async function ensureAdmin(
  db: Db,
  email: string,
  password: string,
  { reset = false } = {},
): Promise<EnsureAdminResult> {
  const existing = await db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (existing && !reset) return 'kept';
  if (isCommonPassword(password))
    throw new Error('ADMIN_PASSWORD: This password is too common. Choose a less common one.');
  const passwordHash = await hashPassword(password);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('accounts')
        .set({
          admin: true,
          active: true,
          passwordHash,
          roles: sql`case when 'ROLE_ADMIN' = any(roles) then roles else roles || '{ROLE_ADMIN}'::text[] end`,
        })
        .where('id', '=', existing.id)
        .execute();
      await revokeAccountSessions(trx, existing.id);
    });
    return 'reset';
  }
  // Instances started at the same moment each find no account: the first insert wins, the others keep it.
  const created = await db
    .insertInto('accounts')
    .values({
      firstName: 'Admin',
      lastName: 'User',
      email,
      passwordHash,
      admin: true,
      active: true,
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      address: '{}',
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return created ? 'created' : 'kept';
}
