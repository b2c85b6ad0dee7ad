import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SessionAccount } from './sessions.js';
import { hasSecondFactor } from './two-factor.js';

/** Keys read `hsk_<lookup id: 12 characters>_<secret: 43 characters>`: 72 bits to find the row, 256 secret bits. */
const KEY_FORMAT = /^hsk_([A-Za-z0-9_-]{12})_([A-Za-z0-9_-]{43})$/;

const sha256 = (key: string) => createHash('sha256').update(key).digest();

/** A new key: the whole key (shown once), its lookup id and the hex SHA-256 that is stored instead. */
export function generateApiKey(): { key: string; lookupId: string; secretHash: string } {
  const lookupId = randomBytes(9).toString('base64url');
  const key = `hsk_${lookupId}_${randomBytes(32).toString('base64url')}`;
  return { key, lookupId, secretHash: sha256(key).toString('hex') };
}

/** What the visible prefix of a key shows: enough to recognise it in a list, nothing to use it with. */
export const keyPrefix = (lookupId: string) => `hsk_${lookupId}`;

/** The key of an `Authorization: Bearer <key>` header; undefined without one (the session cookie then decides). */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || !/^bearer(\s|$)/i.test(header)) return undefined;
  return header.slice(6).trim();
}

/** A live key: its own scopes and chapters, and the staff account it acts for (its roles bound the key's). */
export type ApiKeyCaller = { id: number; scopes: string[]; chapterIds: number[]; account: SessionAccount };

/** Activity is written at most once a minute per key: a busy integration costs one write a minute. */
const TOUCH_EVERY_SECONDS = 60;

/**
 * The live key a bearer token names, with the staff account it acts for, or null for every way of being
 * wrong (malformed, unknown, another secret, revoked, its owner deactivated or no longer staff). The
 * stored hash is compared in constant time; one indexed lookup per call.
 */
export async function findApiKey(db: Db, token: string): Promise<ApiKeyCaller | null> {
  const match = KEY_FORMAT.exec(token);
  if (!match) return null;
  const row = await db
    .selectFrom('apiKeys as k')
    .innerJoin('accounts as a', 'a.id', 'k.createdBy')
    .where('k.lookupId', '=', match[1]!)
    .select([
      'k.id',
      'k.secretHash',
      'k.scopes',
      'k.chapterIds as keyChapterIds',
      'k.revokedAt',
      'a.roles',
      'a.chapterIds',
      'a.id as accountId',
      'a.firstName',
      'a.lastName',
      'a.email',
      'a.avatarUrl',
      'a.admin',
      'a.active',
    ])
    .select(
      sql<boolean>`k.last_used_at is null or k.last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`.as(
        'stale',
      ),
    )
    .select(hasSecondFactor('a.id').as('twoFactorOn'))
    .executeTakeFirst();
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash, 'hex'), sha256(token))) return null;
  if (row.revokedAt || !row.active || !row.admin) return null;
  if (row.stale)
    await db
      .updateTable('apiKeys')
      .set({ lastUsedAt: sql`now()` })
      .where('id', '=', row.id)
      .execute();
  const { accountId, firstName, lastName, email, avatarUrl, admin, active, twoFactorOn, roles, chapterIds } = row;
  return {
    id: row.id,
    scopes: row.scopes,
    chapterIds: row.keyChapterIds,
    account: {
      ...{ id: accountId, firstName, lastName, email, avatarUrl, admin, active, twoFactorOn, roles, chapterIds },
      sessionId: '',
    },
  };
}
