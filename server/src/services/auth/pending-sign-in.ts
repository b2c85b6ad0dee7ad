import type { FastifyReply, FastifyRequest } from 'fastify';
import { linkSigner, verifyLinkSignature } from '../signed-link.js';

/**
 * Between the password and the code of a two-factor sign-in: no session, only a short-lived signed cookie
 * naming the account (`<accountId>.<expiry>.<signature>`, HttpOnly, SameSite=Strict, the session cookie's
 * Secure and prefix rules). It proves the password was right moments ago; the code step then signs in.
 */
const SECRET = 'pending-sign-in-hmac';
export const PENDING_SIGN_IN_SECONDS = 300;

export const pendingCookieName = (secure: boolean) => (secure ? '__Host-sid-pending' : 'sid-pending');

const message = (accountId: number, expires: number) => `pending-sign-in:${accountId}.${expires}`;

export async function startPendingSignIn(
  request: FastifyRequest,
  reply: Pick<FastifyReply, 'setCookie'>,
  accountId: number,
): Promise<void> {
  const { db, config } = request.server;
  const expires = Math.floor(Date.now() / 1000) + PENDING_SIGN_IN_SECONDS;
  const signature = (await linkSigner(db, SECRET))(message(accountId, expires));
  reply.setCookie(pendingCookieName(config.COOKIE_SECURE), `${accountId}.${expires}.${signature}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.COOKIE_SECURE,
    maxAge: PENDING_SIGN_IN_SECONDS,
  });
}

/** The account whose password step this browser passed within the last five minutes, or null. */
export async function pendingSignInAccount(request: FastifyRequest): Promise<number | null> {
  const { db, config } = request.server;
  const value = request.cookies[pendingCookieName(config.COOKIE_SECURE)];
  const match = value && /^(\d{1,10})\.(\d{1,12})\.([\w-]{1,100})$/.exec(value);
  if (!match) return null;
  const accountId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires < Date.now() / 1000) return null;
  return (await verifyLinkSignature(db, SECRET, message(accountId, expires), match[3])) ? accountId : null;
}

export function endPendingSignIn(
  request: FastifyRequest,
  reply: { clearCookie(name: string, options: object): unknown },
): void {
  const secure = request.server.config.COOKIE_SECURE;
  reply.clearCookie(pendingCookieName(secure), { path: '/', httpOnly: true, sameSite: 'strict', secure });
}
