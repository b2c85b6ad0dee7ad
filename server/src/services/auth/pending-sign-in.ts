import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { linkSigner, verifyLinkSignature } from '../signed-link.js';

/**
 * Between the password and the code of a two-factor sign-in: no session, only a short-lived signed cookie
 * naming the account (`<accountId>.<issued ms>.<signature>`, HttpOnly, SameSite=Strict, the session cookie's
 * Secure and prefix rules). It proves the password was right moments ago; the code step then signs in.
 * It works once: signing in with it records its issue time on the account's factor, and a cookie issued
 * then or before is refused from that moment (a copy of it signs nobody in again).
 */
const SECRET = 'pending-sign-in-hmac';
export const PENDING_SIGN_IN_SECONDS = 300;

export const pendingCookieName = (secure: boolean) => (secure ? '__Host-sid-pending' : 'sid-pending');

const message = (accountId: number, issued: number) => `pending-sign-in-once:${accountId}.${issued}`;

export async function startPendingSignIn(
  request: FastifyRequest,
  reply: Pick<FastifyReply, 'setCookie'>,
  accountId: number,
): Promise<void> {
  const { db, config } = request.server;
  const issued = Date.now();
  const signature = (await linkSigner(db, SECRET))(message(accountId, issued));
  reply.setCookie(pendingCookieName(config.COOKIE_SECURE), `${accountId}.${issued}.${signature}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
    maxAge: PENDING_SIGN_IN_SECONDS,
  });
}

export type PendingSignIn = { accountId: number; issued: number };

/** The account whose password step this browser passed within the last five minutes, with an unused cookie, or null. */
export async function pendingSignIn(request: FastifyRequest): Promise<PendingSignIn | null> {
  const { db, config } = request.server;
  const value = request.cookies[pendingCookieName(config.COOKIE_SECURE)];
  const match = value && /^(\d{1,10})\.(\d{13,15})\.([\w-]{1,100})$/.exec(value);
  if (!match) return null;
  const accountId = Number(match[1]);
  const issued = Number(match[2]);
  if (issued + PENDING_SIGN_IN_SECONDS * 1000 < Date.now()) return null;
  if (!(await verifyLinkSignature(db, SECRET, message(accountId, issued), match[3]))) return null;
  const used = await db
    .selectFrom('accountSecondFactors')
    .select('pendingUsedUpto')
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  return used?.pendingUsedUpto != null && Number(used.pendingUsedUpto) >= issued ? null : { accountId, issued };
}

/**
 * Uses the pending cookie up, once its code was accepted: false when another request used it (or a later
 * cookie of the account) first. One conditional UPDATE, so of two requests with the same cookie one wins.
 */
export async function usePendingSignIn(db: Db, pending: PendingSignIn): Promise<boolean> {
  const done = await db
    .updateTable('accountSecondFactors')
    .set({ pendingUsedUpto: pending.issued })
    .where('accountId', '=', pending.accountId)
    .where((eb) => eb.or([eb('pendingUsedUpto', 'is', null), eb('pendingUsedUpto', '<', String(pending.issued))]))
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

export function endPendingSignIn(
  request: FastifyRequest,
  reply: { clearCookie(name: string, options: object): unknown },
): void {
  const secure = request.server.config.COOKIE_SECURE;
  reply.clearCookie(pendingCookieName(secure), { path: '/', httpOnly: true, sameSite: 'strict', secure });
}
