import { contract, FEEDBACK_TYPE_LABELS } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import { checkBlockedEdit } from '../../services/mail/suppression.js';
import * as repo from './repo.js';

const alreadyBlocked = (email: string, emailType: string) =>
  new AppError(409, `${email} is already blocked for ${emailType === 'All' ? 'all emails' : `${emailType} emails`}`);

export const blockedEmailRoutes = s.router(contract.blockedEmails, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listBlockedEmails(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'blocked-emails', repo.exportBlockedEmails(request.server.db, query)),

  get: async ({ params, request }) => {
    const row = await repo.getBlockedEmail(request.server.db, params.id);
    if (!row) throw notFound('Blocked email');
    return { status: 200, body: row };
  },

  // Adding an address already blocked for that type is a 409 (edit that row instead): an upsert here
  // would quietly rewrite the reason of a block staff did not open.
  create: async ({ body, request }) => {
    const { db } = request.server;
    const row = await repo.insertManualBlock(db, { ...body, updatedBy: request.account?.id ?? null });
    if (!row) throw alreadyBlocked(body.email, body.emailType);
    return { status: 201, body: (await repo.getBlockedEmail(db, row.id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    await db.transaction().execute(async (trx) => {
      const row = await repo.rowForUpdate(trx, params.id);
      if (!row) throw notFound('Blocked email');
      const refused = checkBlockedEdit(row, body);
      if (refused)
        throw badRequest(refused, `Automatic blocks (${FEEDBACK_TYPE_LABELS[row.feedbackType]}) stay in force.`);
      if (body.email !== row.email || body.emailType !== row.emailType) {
        const other = await repo.findBlocked(trx, body.email, body.emailType);
        if (other && other.id !== row.id) throw alreadyBlocked(body.email, body.emailType);
      }
      await repo.updateBlocked(trx, params.id, { ...body, updatedBy: request.account?.id ?? null });
    });
    return { status: 200, body: (await repo.getBlockedEmail(db, params.id))! };
  },
});
