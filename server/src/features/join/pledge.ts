import {
  JOIN_CHECK_EMAIL,
  JOIN_EXPIRED,
  JOIN_NO_LONGER_VALID,
  JOIN_SIGN_IN_TO_ACCEPT,
  type JoinState,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { hashNewPassword, verifyPassword } from '../../services/auth/passwords.js';
import { issuePasswordLink } from '../../services/auth/password-links.js';
import { signIn, signInActor, toCurrentAccount } from '../../services/auth/sign-in.js';
import { secondFactorOn } from '../../services/auth/two-factor.js';
import { throttledCheck, throttleRules } from '../../services/auth/throttle.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';
import {
  accountByEmail,
  joinInvitee,
  joinState,
  pledgeInvitee,
  type JoinInvitee,
} from '../../services/join/invitees.js';

export const ACCOUNT_PASSWORD_MISMATCH = 'An account with this email already exists: enter its password to accept';

/** What the pledge does to the reply: a Retry-After when throttled, the session cookie. */
type PledgeReply = Parameters<typeof throttledCheck>[1] & Parameters<typeof signIn>[1];

// A second pledge within this long keeps the link already emailed (a double click; a flood of emails).
const RESEND_AFTER_SECONDS = 300;

/** Refuses a pledge the invitee's state does not allow; a pledge already made is allowed again (idempotent). */
export function assertCanPledge(state: JoinState) {
  if (state === 'removed') throw new AppError(409, JOIN_NO_LONGER_VALID);
  if (state === 'expired') throw new AppError(409, JOIN_EXPIRED);
}

/**
 * The landing page's pledge of a signed link's invitee (issue 34: the link proves only that the caller had the
 * code and the address, not that the address is theirs):
 * - no account of the address: created with the chosen password, signed in;
 * - an account with a password: linked only with that password (a throttled sign-in attempt), signed in unless
 *   it has a second factor;
 * - an account without a password: linked, its password untouched, a set-password link emailed to it (202);
 * - a staff account: nothing linked, set or signed in: 409 'Sign in to accept this invitation'.
 * Every link of an existing account, and every refusal of a staff one, is audited with the caller's address.
 */
export async function publicPledge(request: FastifyRequest, reply: PledgeReply, before: JoinInvitee, password: string) {
  const { db, config, jobs } = request.server;
  const actor = signInActor(request, null);
  const refuseStaff = async (accountId: number): Promise<never> => {
    await writeAuditRow(
      db,
      {
        action: 'pledge-refused',
        entity: 'accounts',
        entityId: accountId,
        detail: { invitationCode: before.invitationCode, reason: 'staff account' },
      },
      actor,
    );
    throw new AppError(409, JOIN_SIGN_IN_TO_ACCEPT);
  };
  // The costly hash or check happens before the transaction, so locks are held for milliseconds.
  const existing = await accountByEmail(db, before.email);
  if (existing?.admin) return refuseStaff(existing.id);
  // Checking an existing account's password is a sign-in: throttled under sign-in's own keys, so the signed
  // link gives no extra guesses at that account.
  const checked = existing?.passwordHash
    ? await throttledPasswordCheck(request, reply, existing.email, existing.passwordHash, password)
    : false;
  const passwordHash = existing ? undefined : await hashNewPassword(password, 'password');

  let staffId: number | undefined;
  const result = await db
    .transaction()
    .execute(async (trx) => {
      const invitee = (await joinInvitee(trx, { code: before.invitationCode! }, true))!;
      assertCanPledge(joinState(invitee));
      let emailed = false;
      const account = await pledgeInvitee(trx, invitee, {
        passwordHash,
        actor,
        // The account as it is now, locked: made staff, given a password or created since the checks above.
        checkExisting: async (found) => {
          if (found.admin) {
            staffId = found.id;
            throw new AppError(409, JOIN_SIGN_IN_TO_ACCEPT);
          }
          if (found.passwordHash && !checked && !(await verifyPassword(found.passwordHash, password)))
            throw new AppError(409, ACCOUNT_PASSWORD_MISMATCH);
          emailed = !found.passwordHash;
        },
      });
      if (emailed)
        await issuePasswordLink(trx, jobs, account.id, {
          baseUrl: config.PUBLIC_URL,
          actor,
          reason: 'join',
          minIntervalSeconds: RESEND_AFTER_SECONDS,
        });
      const state = joinState({ ...invitee, legacyPledgeAt: invitee.legacyPledgeAt ?? new Date() });
      return { account, state, emailed };
    })
    .catch((err: unknown) => (staffId === undefined ? Promise.reject(err) : refuseStaff(staffId)));

  if (result.emailed) return { status: 202 as const, body: { message: JOIN_CHECK_EMAIL, state: result.state } };
  // An account with a second factor is linked but not signed in here: its code is asked at sign-in, as always.
  if (!result.account.linked || !(await secondFactorOn(db, result.account.id)))
    await signIn(request, reply, result.account.id);
  return { status: 200 as const, body: { account: toCurrentAccount(result.account), state: result.state } };
}

/** Whether `password` is the existing account's, counted as a sign-in attempt; 409 when wrong, 429 when throttled. */
async function throttledPasswordCheck(
  request: FastifyRequest,
  reply: PledgeReply,
  email: string,
  passwordHash: string,
  password: string,
): Promise<true> {
  const { db, config } = request.server;
  const throttle = { key: email.toLowerCase(), address: request.ip, rules: throttleRules(config) };
  if (!(await throttledCheck(db, reply, throttle, () => verifyPassword(passwordHash, password))))
    throw new AppError(409, ACCOUNT_PASSWORD_MISMATCH);
  return true;
}
