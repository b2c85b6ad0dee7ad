import type { FastifyRequest } from 'fastify';
import { contract, INVALID_LOGIN } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import { verifyPassword } from '../../services/auth/passwords.js';
import { revokeSession, sessionCookieName } from '../../services/auth/sessions.js';
import { signIn, toCurrentAccount } from '../../services/auth/sign-in.js';
import { attemptFailed, attemptSucceeded, beginAttempt, throttleRules, waitText } from '../../services/auth/throttle.js';

const cookieName = (request: FastifyRequest) => sessionCookieName(request.server.config.COOKIE_SECURE);

export const authRoutes = s.router(contract.auth, {
  login: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const email = body.email.toLowerCase();
    const rules = throttleRules(config);
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
    await signIn(request, reply, account.id);
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
