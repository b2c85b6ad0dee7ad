import type { Db } from './db/database.js';
import { hashPassword } from './features/auth/passwords.js';

/** Creates, or re-activates and re-passwords, the admin named by ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const existing = await db
    .selectFrom('accounts')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('accounts').set({ admin: true, active: true, passwordHash }).where('id', '=', existing.id).execute();
  } else {
    await db
      .insertInto('accounts')
      .values({ firstName: 'Admin', lastName: 'User', email, passwordHash, admin: true, active: true, roles: ['ROLE_USER', 'ROLE_ADMIN'], address: '{}' })
      .execute();
  }
}
