import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentAccount } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { AuditActor } from '../../db/audit-context.js';
import { writeAuditRow } from '../audit/write-audit-row.js';
import { createSession, revokeSession, sessionCookieName } from './sessions.js';
import { freshRoles, permissionsOf } from './role-table.js';
import type { SessionAccount } from './session-account.js';

/**
 * Signs the request's browser in as `accountId`: a new session (the one the browser held before, if any,
 * ends now) in an HttpOnly, SameSite=Lax cookie (`__Host-sid`, Secure, when secure; Path=/ and no Domain,
 * as the prefix requires). Sign-in and the join funnel's pledge both end here.
 */
export async function signIn(
  request: FastifyRequest,
  reply: Pick<FastifyReply, 'setCookie'>,
  accountId: number,
  db: Db = request.server.db,
): Promise<void> {
  const { config } = request.server;
  const secure = config.COOKIE_SECURE;
  const previous = request.cookies[sessionCookieName(secure)];
  if (previous) await revokeSession(db, previous);
  const session = await createSession(db, accountId, config.SESSION_MAX_HOURS, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  reply.setCookie(sessionCookieName(secure), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: session.expiresAt,
  });
}

/** The actor of a sign-in's own audit rows: no session exists yet to name it. */
export const signInActor = (request: FastifyRequest, accountId: number | null): AuditActor => ({
  accountId,
  apiKeyId: null,
  address: request.ip,
});

/** Whether the account must set up its second factor before any other staff call (REQUIRE_STAFF_2FA). */
export const mustSetUpTwoFactor = (required: boolean, account: { admin: boolean; twoFactorOn: boolean }) =>
  required && account.admin && !account.twoFactorOn;

/** The account signing in: a session's account before it has a session. */
type SigningIn = Omit<SessionAccount, 'active' | 'sessionId'>;

/**
 * The last step of every sign-in (password alone, or password and code): the session, and for staff an
 * audit row in the same transaction (`secondFactor`: what the second step used, if there was one).
 */
export async function completeSignIn(
  request: FastifyRequest,
  reply: Pick<FastifyReply, 'setCookie'>,
  account: SigningIn,
  secondFactor?: 'totp' | 'recovery',
) {
  await request.server.db.transaction().execute(async (trx) => {
    await signIn(request, reply, account.id, trx);
    if (!account.admin) return;
    const detail = secondFactor ? { secondFactor } : undefined;
    await writeAuditRow(
      trx,
      { action: 'sign-in', entity: 'accounts', entityId: account.id, detail },
      signInActor(request, account.id),
    );
  });
  await freshRoles(request.server.db);
  const permissions = account.admin ? permissionsOf(account.roles) : [];
  const mustSetUp = mustSetUpTwoFactor(request.server.config.REQUIRE_STAFF_2FA, account);
  return { status: 200 as const, body: { account: toCurrentAccount(account, mustSetUp, permissions) } };
}

/** A failed sign-in step, audited with the email that was tried (never the password or code). */
export async function auditFailedSignIn(
  request: FastifyRequest,
  email: string,
  accountId: number | null,
  step: 'password' | 'code',
): Promise<void> {
  // Nobody is known to have acted: the row names the account tried, not an actor.
  await writeAuditRow(
    request.server.db,
    { action: 'sign-in-failed', entity: 'accounts', entityId: accountId, detail: { email, step } },
    signInActor(request, null),
  );
}

type Shown = { id: number; firstName: string; lastName: string; email: string; avatarUrl: string | null };

/**
 * The signed-in account as the client sees it; `mustSetUpTwoFactor` when REQUIRE_STAFF_2FA still applies to
 * it; `permissions`: what it may do in /admin (the union of its roles', role-table.ts).
 */
export function toCurrentAccount(
  a: Shown & { admin: boolean; roles?: string[]; chapterIds?: number[] },
  mustSetUpTwoFactor = false,
  permissions: Iterable<string> = [],
): CurrentAccount {
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    fullName: `${a.firstName} ${a.lastName}`.trim(),
    email: a.email,
    avatarUrl: a.avatarUrl,
    admin: a.admin,
    roles: a.roles ?? [],
    permissions: [...permissions].sort(),
    chapterIds: a.chapterIds ?? [],
    mustSetUpTwoFactor,
  };
}
