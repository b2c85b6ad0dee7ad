import { PASSWORD_LINK_REQUESTED } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { attemptFailed, beginLimitedAttempt, throttleRules } from '../../services/auth/throttle.js';

/**
 * "Forgot password?" (issue 40 §11): a set-password link for the active account using `email`, if any. Every
 * address gets the same 202 by the same path: the request counts against sign-in's limits (per address, per
 * client, per both), so it cannot be used to flood an inbox or to test addresses faster than sign-in allows,
 * and queues the job that looks the address up (jobs/forgot-password-link.ts), so its time tells nothing either.
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
  await jobs.send('forgot-password-link', { email: address, ip: request.ip });
  return { status: 202 as const, body: { message: PASSWORD_LINK_REQUESTED } };
}
