import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentAccount } from '@app/contract';
import { createSession, revokeSession, sessionCookieName } from './sessions.js';

/**
 * Signs the request's browser in as `accountId`: a new session (the one the browser held before, if any,
 * ends now) in an HttpOnly, SameSite=Lax cookie (`__Host-sid`, Secure, when secure; Path=/ and no Domain,
 * as the prefix requires). Sign-in and the join funnel's pledge both end here.
 */
export async function signIn(request: FastifyRequest, reply: Pick<FastifyReply, 'setCookie'>, accountId: number): Promise<void> {
  const { db, config } = request.server;
  const secure = config.COOKIE_SECURE;
  const previous = request.cookies[sessionCookieName(secure)];
  if (previous) await revokeSession(db, previous);
  const session = await createSession(db, accountId, config.SESSION_MAX_HOURS, { userAgent: request.headers['user-agent'], ip: request.ip });
  reply.setCookie(sessionCookieName(secure), session.token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: session.expiresAt });
}

/** The signed-in account as the client sees it. */
export function toCurrentAccount(a: { id: number; firstName: string; lastName: string; email: string; avatarUrl: string | null; admin: boolean }): CurrentAccount {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    fullName: `${a.firstName} ${a.lastName}`.trim(),
    email: a.email,
    avatarUrl: a.avatarUrl,
    admin: a.admin,
  };
}
