import { sql } from 'kysely';
import { INVITATION_SENT, ROLE_USER, type InviteStaffInput } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, notFound } from '../../errors.js';
import { checkAccessChange } from '../../services/auth/access-changes.js';
import { checkChapterInScope } from '../../services/auth/chapter-scope.js';
import { issuePasswordLink } from '../../services/auth/password-links.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';

/*
 * Inviting staff and advisors (issue 35 §5): an account is emailed a one-time set-password link (the one
 * mechanism of services/auth/password-links.ts: 7 days, only its hash stored, a new link replaces the earlier
 * one). The page of the link sets the password; signing in then asks for the second factor when staff must
 * have one. Nobody invites into roles or chapters they do not hold: the same check as any access change.
 */

export const INVITE_REASON = 'invite';
export const INVITE_INACTIVE = 'An inactive account cannot be invited';

/**
 * Issues the link of `accountId` in the caller's transaction; the link's audit row (`password-link-sent`,
 * reason `invite`) is the invitation's, and the link's use is audited as `password-set` (the acceptance).
 */
async function sendInvite(trx: Db, request: FastifyRequest, accountId: number) {
  const { config, jobs } = request.server;
  await issuePasswordLink(trx, jobs, accountId, { baseUrl: config.PUBLIC_URL, reason: INVITE_REASON });
}

/**
 * "Invite" on an account: its access is checked as if it were given now (inviting a staff account needs
 * roles:write and its roles and chapters held), then the link goes to its own address.
 */
export async function inviteAccount(request: FastifyRequest, accountId: number) {
  const { db } = request.server;
  await db.transaction().execute(async (trx) => {
    const access = await repo.lockStaffAccess(trx, accountId);
    if (!access || !(await repo.getAccount(trx, accountId))) throw notFound('Account');
    if (!access.active) throw new AppError(400, INVITE_INACTIVE);
    await checkAccessChange(trx, request, accountId, null, access);
    await sendInvite(trx, request, accountId);
  });
  return { status: 202 as const, body: { message: INVITATION_SENT } };
}

/** "Invite staff": a new staff account (no password yet) holding `roles` and `chapterIds`, sent its link. */
export async function inviteStaff(request: FastifyRequest, input: z.output<typeof InviteStaffInput>) {
  const { db } = request.server;
  const roles = [...new Set([ROLE_USER, ...input.roles])];
  const chapterIds = [...new Set(input.chapterIds)];
  const id = await db.transaction().execute(async (trx) => {
    await checkAccessChange(trx, request, null, null, { admin: true, active: true, roles, chapterIds });
    // An advisor belongs to their (first) chapter and its institution, so the row sits inside their scope.
    const home = chapterIds.length
      ? await trx
          .selectFrom('chapters')
          .select(['id', 'institutionId'])
          .where('id', '=', chapterIds[0]!)
          .executeTakeFirst()
      : undefined;
    checkChapterInScope(home?.id);
    // A taken email is a unique violation: the central error handler answers 409 DUPLICATE_EMAIL.
    const { id } = await trx
      .insertInto('accounts')
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        admin: true,
        active: true,
        roles: sql<string[]>`${roles}::text[]`,
        chapterIds: sql<number[]>`${chapterIds}::integer[]`,
        chapterId: home?.id ?? null,
        institutionId: home?.institutionId ?? null,
        passwordHash: null,
        address: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sendInvite(trx, request, id);
    return id;
  });
  return { status: 201 as const, body: (await repo.getAccount(db, id))! };
}
