import type { FastifyReply, FastifyRequest } from 'fastify';
import { contract, INVALID_LOGIN, type CurrentAccount } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import { verifyPassword } from './passwords.js';
import { createSession, revokeSession, SESSION_COOKIE } from './sessions.js';
import { clearFailures, isThrottled, recordFailure } from './throttle.js';

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

function setSessionCookie(request: FastifyRequest, reply: Pick<FastifyReply, 'setCookie'>, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.COOKIE_SECURE,
    expires: expiresAt,
  });
}

export const authRoutes = s.router(contract.auth, {
  login: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const email = body.email.toLowerCase();
    const keys = [`email:${email}`, `ip:${request.ip}`];
    const throttle = { maxFailures: config.LOGIN_MAX_FAILURES, windowMinutes: config.LOGIN_WINDOW_MINUTES };
    if (await isThrottled(db, keys, throttle)) {
      throw new AppError(429, `Too many failed sign-in attempts. Try again in ${config.LOGIN_WINDOW_MINUTES} minutes.`);
    }
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin', 'active', 'passwordHash'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    const ok = await verifyPassword(account?.passwordHash ?? null, body.password);
    if (!account || !ok || !account.active) {
      await recordFailure(db, keys);
      return { status: 401, body: { message: INVALID_LOGIN } };
    }
    await clearFailures(db, keys[0]!);
    const session = await createSession(db, account.id, config.SESSION_TTL_HOURS, {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    setSessionCookie(request, reply, session.token, session.expiresAt);
    return { status: 200, body: { account: toCurrentAccount(account) } };
  },

  logout: async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(request.server.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.header('location', '/login');
    return { status: 302, body: undefined };
  },

  currentAccount: async ({ request }) => ({ status: 200, body: toCurrentAccount(request.account!) }),
});
