import { contract, forbiddenMessage } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import { hashNewPassword } from '../../services/auth/passwords.js';
import { revokeAccountSessions } from '../../services/auth/sessions.js';
import { checkAccessChange, STAFF_PERMISSION } from '../../services/auth/access-changes.js';
import { refuse } from '../../services/auth/refusal.js';
import { lastWelcomeSend, sendWelcomeEmail } from '../../services/mail/welcome.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';
import * as repo from './repo.js';
import * as members from './members.js';
import { inviteAccount, inviteStaff } from './invite.js';
import { checkChapterInScope } from '../../services/auth/chapter-scope.js';

export const SELF_DEACTIVATE = 'You cannot deactivate your own account';
export const SELF_UNADMIN = 'You cannot remove your own admin access';

/**
 * Sets a new password and ends the account's sessions, except the caller's own when it is their account.
 * Another staff member's password is a staff change (roles:write): whoever sets it could sign in as them.
 */
async function resetPassword(request: FastifyRequest, accountId: number, newPassword: string, what: string) {
  const { db } = request.server;
  const target = await db.selectFrom('accounts').select('admin').where('id', '=', accountId).executeTakeFirst();
  if (target?.admin && accountId !== request.account!.id && !request.scopes?.has(STAFF_PERMISSION))
    await refuse(request, forbiddenMessage(STAFF_PERMISSION), { entity: 'accounts', entityId: accountId });
  const passwordHash = await hashNewPassword(newPassword, 'newPassword');
  const found = await db.transaction().execute(async (trx) => {
    if (!(await repo.setPassword(trx, accountId, passwordHash))) return false;
    const me = request.account!;
    await revokeAccountSessions(trx, accountId, me.id === accountId ? me.sessionId : undefined);
    // The row trigger keeps no password column, so the reset is audited explicitly.
    await writeAuditRow(trx, { action: 'password-reset', entity: 'accounts', entityId: accountId });
    return true;
  });
  if (!found) throw notFound(what);
  return { status: 204 as const, body: undefined };
}

export const accountRoutes = s.router(contract.accounts, {
  members: async ({ query, request }) => {
    const { page, pageSize, sort, status = 'member', ...filters } = query;
    return {
      status: 200,
      body: await members.listMemberRows(request.server.db, { ...filters, status }, { page, pageSize, sort }),
    };
  },

  exportMembers: async ({ query, request, reply }) => {
    const { sort, status = 'member', ...filters } = query;
    const name = status === 'member' ? 'members' : 'pledges';
    return csvAttachment(reply, name, members.exportMemberRows(request.server.db, { ...filters, status }, sort));
  },

  pledges: async ({ query, request }) => {
    const { page, pageSize, sort, ...filters } = query;
    return {
      status: 200,
      body: await members.listMemberRows(request.server.db, { ...filters, status: 'pledge' }, { page, pageSize, sort }),
    };
  },

  getMember: async ({ params, request }) => {
    const member = await members.getMember(request.server.db, params.id);
    if (!member) throw notFound('Member');
    return { status: 200, body: member };
  },

  updateMember: async ({ params, body, request }) => {
    const { db } = request.server;
    // A taken email is a unique violation: the central error handler answers 409 DUPLICATE_EMAIL.
    const found = await members.updateMember(db, params.id, body);
    if (!found) throw notFound('Member');
    return { status: 200, body: (await members.getMember(db, params.id))! };
  },

  resetMemberPassword: async ({ params, body, request }) => {
    if (!(await members.isMember(request.server.db, params.id))) throw notFound('Member');
    return resetPassword(request, params.id, body.newPassword, 'Member');
  },

  welcomeEmail: async ({ params, request }) => {
    if (!(await members.isMember(request.server.db, params.id))) throw notFound('Member');
    const last = await lastWelcomeSend(request.server.db, params.id);
    return { status: 200, body: { lastSent: last && { ...last, at: last.at.toISOString() } } };
  },

  sendWelcomeEmail: async ({ params, query, request }) => {
    const { db, jobs } = request.server;
    if (!(await members.isMember(db, params.id))) throw notFound('Member');
    return { status: 200, body: await sendWelcomeEmail(db, jobs, params.id, query.afterSendId) };
  },

  list: async ({ query, request }) => ({ status: 200, body: await repo.listAccounts(request.server.db, query) }),

  get: async ({ params, request }) => {
    const account = await repo.getAccount(request.server.db, params.id);
    if (!account) throw notFound('Account');
    return { status: 200, body: account };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    checkChapterInScope(body.chapterId);
    const passwordHash = await hashNewPassword(body.password, 'password');
    const id = await db.transaction().execute(async (trx) => {
      await checkAccessChange(trx, request, null, null, repo.newStaffAccess(body));
      return repo.createAccount(trx, body, passwordHash);
    });
    return { status: 201, body: (await repo.getAccount(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    if (params.id === request.account!.id) {
      if (!body.active) throw new AppError(400, SELF_DEACTIVATE);
      if (!body.admin) throw new AppError(400, SELF_UNADMIN);
    }
    const found = await db.transaction().execute(async (trx) => {
      const from = await repo.lockStaffAccess(trx, params.id);
      if (!from) return false;
      checkChapterInScope(body.chapterId);
      const { admin, active, roles = from.roles, chapterIds = from.chapterIds } = body;
      await checkAccessChange(trx, request, params.id, from, { admin, active, roles, chapterIds });
      await repo.updateAccount(trx, params.id, body);
      return true;
    });
    if (!found) throw notFound('Account');
    return { status: 200, body: (await repo.getAccount(db, params.id))! };
  },

  resetPassword: async ({ params, body, request }) => resetPassword(request, params.id, body.newPassword, 'Account'),

  inviteStaff: async ({ body, request }) => inviteStaff(request, body),
  invite: async ({ params, request }) => inviteAccount(request, params.id),
});
