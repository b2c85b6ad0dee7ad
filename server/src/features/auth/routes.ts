import type { FastifyReply, FastifyRequest } from 'fastify';
import { contract, INVALID_LOGIN, type CurrentAccount } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import { verifyPassword } from '../../services/auth/passwords.js';
import { createSession, revokeSession, sessionCookieName } from '../../services/auth/sessions.js';
import { attemptFailed, attemptSucceeded, beginAttempt, waitText } from './throttle.js';

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

const cookieName = (request: FastifyRequest) => sessionCookieName(request.server.config.COOKIE_SECURE);

function setSessionCookie(request: FastifyRequest, reply: Pick<FastifyReply, 'setCookie'>, token: string, expiresAt: Date) {
  const secure = request.server.config.COOKIE_SECURE;
  // Path=/ and no Domain: what the __Host- prefix of a secure cookie's name requires.
  reply.setCookie(sessionCookieName(secure), token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
}

export const authRoutes = s.router(contract.auth, {
  login: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const email = body.email.toLowerCase();
    const rules = { maxFailures: config.LOGIN_MAX_FAILURES, addressMaxFailures: config.LOGIN_ADDRESS_MAX_FAILURES, windowMinutes: config.LOGIN_WINDOW_MINUTES };
    const attempt = await beginAttempt(db, email, request.ip, rules);
    if (!attempt.allowed) {
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw new AppError(429, `Too many failed sign-in attempts. Try again in ${waitText(attempt.retryAfterSeconds)}.`);
    }
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin', 'active', 'passwordHash'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    const ok = await verifyPassword(account?.passwordHash ?? null, body.password);
    if (!account || !ok || !account.active) {
      await attemptFailed(db, rules);
      return { status: 401, body: { message: INVALID_LOGIN } };
    }
    await attemptSucceeded(db, attempt);
    // A new session id at every sign-in; the one the browser held before (if any) ends now.
    const previous = request.cookies[cookieName(request)];
    if (previous) await revokeSession(db, previous);
    const session = await createSession(db, account.id, config.SESSION_MAX_HOURS, {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return { status: 200, body: { account: toCurrentAccount(account) } };
  },

  logout: async ({ request, reply }) => {
    const name = cookieName(request);
    const token = request.cookies[name];
    if (token) await revokeSession(request.server.db, token);
    reply.clearCookie(name, { path: '/', secure: request.server.config.COOKIE_SECURE, httpOnly: true, sameSite: 'lax' });
    reply.header('location', '/login');
    return { status: 302, body: undefined };
  },

  currentAccount: async ({ request }) => ({ status: 200, body: toCurrentAccount(request.account!) }),
});
