import { sql } from 'kysely';
import { PASSWORD_LINK_REQUESTED } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { issuePasswordLink } from '../../services/auth/password-links.js';
import { attemptFailed, beginLimitedAttempt, throttleRules } from '../../services/auth/throttle.js';

// A second request within this many seconds keeps the link already sent (no second email).
const RESEND_AFTER_SECONDS = 60;

/**
 * "Forgot password?" (issue 40 §11): a set-password link for the active account using `email`, if any. Every
 * address gets the same 202; every request counts against sign-in's limits (per address, per client, per both),
 * so it cannot be used to flood an inbox or to test addresses faster than sign-in allows.
 */
export async function forgotPassword(
  request: FastifyRequest,
  reply: Parameters<typeof beginLimitedAttempt>[1],
  email: string,
) {
  const { db, config, jobs } = request.server;
  const address = email.trim().toLowerCase();
  const rules = throttleRules(config);
  // Never settled as a success: each request stays counted for the window.
  await beginLimitedAttempt(db, reply, `forgot:${address}`, request.ip, rules);
  await attemptFailed(db, rules);
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where(sql`lower(email)`, '=', address)
    .where('active', '=', true)
    .executeTakeFirst();
  if (account)
    await issuePasswordLink(db, jobs, account.id, {
      baseUrl: config.PUBLIC_URL,
      reason: 'forgot-password',
      actor: { accountId: null, apiKeyId: null, address: request.ip },
      minIntervalSeconds: RESEND_AFTER_SECONDS,
    });
  return { status: 202 as const, body: { message: PASSWORD_LINK_REQUESTED } };
}
