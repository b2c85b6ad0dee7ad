import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sessionCache } from './session-cache.js';
import type { SessionAccount } from './session-account.js';
import { hasSecondFactor } from './two-factor.js';

/**
 * The session cookie's name. A secure cookie takes the `__Host-` prefix: browsers then accept it only
 * with Secure, Path=/ and no Domain, so no sibling subdomain can plant or overwrite it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-sid' : 'sid');

export type { SessionAccount } from './session-account.js';

export type SessionTimes = {
  idleMinutes: number;
  /** How long a lookup is remembered (see session-cache.ts); 0: never. */ cacheMs?: number;
};

// Only a hash of the token is stored, so a leaked sessions table signs nobody in.
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Starts a session that ends after `maxHours` at most (the absolute lifetime). */
export async function createSession(
  db: Db,
  accountId: number,
  maxHours: number,
  meta: { userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + maxHours * 3600_000);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      accountId,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/** Activity is recorded at most this often, so a busy session costs one write a minute, not one per request. */
const touchEveryMs = (idleMinutes: number) => Math.min(60_000, (idleMinutes * 60_000) / 4);

/**
 * The active account behind a live session token, or null: not revoked, within its absolute lifetime
 * and used within the idle timeout. One primary-key lookup, which also reads the account's roles (so a
 * change of roles reaches its sessions with the next lookup); the activity time is written back only
 * when it is older than a minute.
 */
export async function findSessionAccount(
  db: Db,
  token: string,
  { idleMinutes, cacheMs = 0 }: SessionTimes,
): Promise<SessionAccount | null> {
  const key = hashToken(token);
  if (cacheMs <= 0) return lookUpSession(db, key, idleMinutes);
  const cached = sessionCache.get(key);
  if (cached) return cached;
  // The requests of one session that miss together (its entry just ran out, 50 at once) share one lookup.
  return sessionCache.shared(key, async () => {
    const account = await lookUpSession(db, key, idleMinutes);
    if (account) sessionCache.set(key, account, cacheMs);
    return account;
  });
}

async function lookUpSession(db: Db, key: string, idleMinutes: number): Promise<SessionAccount | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('accounts as a', 'a.id', 's.accountId')
    .where('s.id', '=', key)
    .where('s.revokedAt', 'is', null)
    .where('s.expiresAt', '>', sql<Date>`now()`)
    .where('s.lastSeenAt', '>', sql<Date>`now() - make_interval(secs => ${idleMinutes * 60})`)
    .where('a.active', '=', true)
    .select(['a.id', 'a.firstName', 'a.lastName', 'a.email', 'a.avatarUrl', 'a.admin', 'a.active', 's.id as sessionId'])
    .select(['a.roles', 'a.chapterIds'])
    .select(sql<number>`extract(epoch from now() - s.last_seen_at) * 1000`.as('idleMs'))
    .select(hasSecondFactor('a.id').as('twoFactorOn'))
    .executeTakeFirst();
  if (!row) return null;
  const { idleMs, ...account } = row;
  if (Number(idleMs) >= touchEveryMs(idleMinutes)) {
    await db
      .updateTable('sessions')
      .set({ lastSeenAt: sql`now()` })
      .where('id', '=', account.sessionId)
      .execute();
  }
  return account;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  sessionCache.clear();
  await db
    .updateTable('sessions')
    .set({ revokedAt: sql`now()` })
    .where('id', '=', hashToken(token))
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every session of an account except, optionally, the one making the request. */
export async function revokeAccountSessions(db: Db, accountId: number, exceptSessionId?: string): Promise<void> {
  sessionCache.clear();
  let q = db
    .updateTable('sessions')
    .set({ revokedAt: sql`now()` })
    .where('accountId', '=', accountId)
    .where('revokedAt', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
