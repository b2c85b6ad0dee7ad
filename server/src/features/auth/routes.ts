import type { FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { contract, INVALID_CODE, INVALID_LOGIN, SIGN_IN_EXPIRED } from '@app/contract';
import { s } from '../../ts-rest.js';
import type { Db } from '../../db/database.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';
import { verifyPassword } from '../../services/auth/passwords.js';
import {
  endPendingSignIn,
  pendingSignIn,
  startPendingSignIn,
  usePendingSignIn,
} from '../../services/auth/pending-sign-in.js';
import { signInAccountByEmail, signInAccounts } from '../../services/auth/sign-in-account.js';
import { secondFactorOn } from '../../services/auth/two-factor.js';
import { checkSecondFactorCode } from '../../services/auth/code-lockout.js';
import { revokeSession, sessionCookieName } from '../../services/auth/sessions.js';
import {
  auditFailedSignIn,
  completeSignIn,
  mustSetUpTwoFactor,
  signInActor,
  toCurrentAccount,
} from '../../services/auth/sign-in.js';
import {
  assertAttemptAllowed,
  attemptFailed,
  attemptSucceeded,
  beginAttempt,
  throttleRules,
} from '../../services/auth/throttle.js';

const cookieName = (request: FastifyRequest) => sessionCookieName(request.server.config.COOKIE_SECURE);

/** What a sign-in reads of the account, with the roles and chapters its session answers. */
const withAccess = (db: Db) => signInAccounts(db).select(['roles', 'chapterIds']);

/** What sign-out sets on a reply (ts-rest hands handlers its own FastifyReply type). */
type Reply = {
  header(name: string, value: string): unknown;
  clearCookie(name: string, options: CookieSerializeOptions): unknown;
};

/** Revokes the request's session (audited for staff), clears its cookie and sends the browser to /login. */
async function signOut(request: FastifyRequest, reply: Reply) {
  const name = cookieName(request);
  const token = request.cookies[name];
  const { db } = request.server;
  const account = request.account;
  if (token) await revokeSession(db, token);
  if (token && account?.admin)
    await writeAuditRow(
      db,
      { action: 'sign-out', entity: 'accounts', entityId: account.id },
      signInActor(request, account.id),
    );
  reply.clearCookie(name, { path: '/', secure: request.server.config.COOKIE_SECURE, httpOnly: true, sameSite: 'lax' });
  reply.header('location', '/login');
  return { status: 302 as const, body: undefined };
}

export const authRoutes = s.router(contract.auth, {
  login: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const email = body.email.toLowerCase();
    const rules = throttleRules(config);
    const attempt = await beginAttempt(db, email, request.ip, rules);
    assertAttemptAllowed(reply, attempt);
    const account = await signInAccountByEmail(db, email).select(['roles', 'chapterIds']).executeTakeFirst();
    const ok = await verifyPassword(account?.passwordHash ?? null, body.password);
    if (!account || !ok || !account.active) {
      await attemptFailed(db, rules);
      await auditFailedSignIn(request, email, account?.id ?? null, 'password');
      return { status: 401, body: { message: INVALID_LOGIN } };
    }
    // Members are never asked for a second factor.
    const twoFactorOn = account.admin && (await secondFactorOn(db, account.id));
    if (twoFactorOn) {
      // No session before the code: only a short-lived signed cookie for the second step.
      await attemptSucceeded(db, attempt, { forgive: false });
      await startPendingSignIn(request, reply, account.id);
      return { status: 202, body: { secondFactor: 'code' as const } };
    }
    await attemptSucceeded(db, attempt);
    // A new session id at every sign-in; the one the browser held before (if any) ends now.
    return completeSignIn(request, reply, { ...account, twoFactorOn });
  },

  loginCode: async ({ body, request, reply }) => {
    const { db, config } = request.server;
    const pending = await pendingSignIn(request);
    const account = pending && (await withAccess(db).where('id', '=', pending.accountId).executeTakeFirst());
    if (!account || !account.active || !account.admin) return { status: 401, body: { message: SIGN_IN_EXPIRED } };
    // The code is throttled with the password, under the same keys.
    const email = account.email.toLowerCase();
    const rules = throttleRules(config);
    const attempt = await beginAttempt(db, email, request.ip, rules);
    assertAttemptAllowed(reply, attempt);
    const used = await checkSecondFactorCode(request, reply, account.id, body.code);
    if (!used) {
      await attemptFailed(db, rules);
      await auditFailedSignIn(request, email, account.id, 'code');
      return { status: 401, body: { message: INVALID_CODE } };
    }
    await attemptSucceeded(db, attempt);
    endPendingSignIn(request, reply);
    // The pending cookie works once: a copy of it (or this request sent twice) signs nobody in again.
    if (!(await usePendingSignIn(db, pending!))) return { status: 401, body: { message: SIGN_IN_EXPIRED } };
    return completeSignIn(request, reply, { ...account, twoFactorOn: true }, used);
  },

  logout: ({ request, reply }) => signOut(request, reply),
  signOut: ({ request, reply }) => signOut(request, reply),

  currentAccount: async ({ request }) => {
    const account = request.account!;
    return {
      status: 200,
      body: toCurrentAccount(
        account,
        mustSetUpTwoFactor(request.server.config.REQUIRE_STAFF_2FA, account),
        request.scopes ?? [],
      ),
    };
  },
});
