import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const SESSION_COOKIE = 'sid';

export type SessionAccount = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  admin: boolean;
  active: boolean;
  sessionId: string;
};

// Only a hash of the token is stored, so a leaked sessions table signs nobody in.
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: Db,
  accountId: number,
  ttlHours: number,
  meta: { userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db
    .insertInto('sessions')
    .values({ id: hashToken(token), accountId, expiresAt, userAgent: meta.userAgent?.slice(0, 500) ?? null, ip: meta.ip ?? null })
    .execute();
  return { token, expiresAt };
}

/** The active account behind a live session token, or null. */
export async function findSessionAccount(db: Db, token: string): Promise<SessionAccount | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('accounts as a', 'a.id', 's.accountId')
    .where('s.id', '=', hashToken(token))
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', sql<Date>`now()`)
    .where('a.active', '=', true)
    .select(['a.id', 'a.firstName', 'a.lastName', 'a.email', 'a.avatarUrl', 'a.admin', 'a.active', 's.id as sessionId'])
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.updateTable('sessions').set({ revokedAt: sql`now()` }).where('id', '=', hashToken(token)).where('revokedAt', 'is', null).execute();
}

/** Ends every session of an account except, optionally, the one making the request. */
export async function revokeAccountSessions(db: Db, accountId: number, exceptSessionId?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revokedAt: sql`now()` }).where('accountId', '=', accountId).where('revokedAt', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
