import { contract, POSTAL_MAIL_FOLDER, POSTAL_MAIL_MESSAGES } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Db } from '../../db/database.js';
import { saveWithFiles } from '../../services/files.js';
import * as repo from './repo.js';

/** The zip must be one uploaded to the postal mailings' folder (not, say, a logo or a database). */
async function checkZip(db: Db, fileId: number | null) {
  if (fileId === null) return;
  const file = await db.selectFrom('files').select('folder').where('id', '=', fileId).executeTakeFirst();
  if (file && file.folder !== POSTAL_MAIL_FOLDER)
    throw fieldError('fileId', 'File must be a zip uploaded for a postal mailing');
}

async function mailingInvitation(db: Db, invitationId: number) {
  const invitation = await repo.invitationForMail(db, invitationId);
  if (!invitation) throw notFound('Invitation');
  return invitation;
}

const refuse = (outcome: repo.ChangeOutcome) => {
  if (outcome === 'missing') throw notFound('Postal mailing');
  if (outcome === 'started') throw new AppError(409, POSTAL_MAIL_MESSAGES.started);
};

export const postalMailRoutes = s.router(contract.postalMails, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listMails(request.server.db, query) }),

  ofInvitation: async ({ params, query, request }) => {
    const { db } = request.server;
    await mailingInvitation(db, params.id);
    return { status: 200, body: await repo.listMails(db, query, params.id) };
  },

  create: async ({ params, body, request }) => {
    const { db } = request.server;
    const invitation = await mailingInvitation(db, params.id);
    if (!invitation.deliverPostalMails) throw new AppError(409, POSTAL_MAIL_MESSAGES.notPostal);
    await checkZip(db, body.fileId);
    const id = await saveWithFiles(db, [['File', body.fileId]], (trx) =>
      repo.createMail(trx, params.id, body, request.account!.id),
    );
    return { status: 201, body: (await repo.getMail(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    await mailingInvitation(db, params.id);
    await checkZip(db, body.fileId);
    // A refusal throws inside the transaction: nothing is changed and the new zip stays uncommitted.
    await saveWithFiles(db, [['File', body.fileId]], async (trx) =>
      refuse(await repo.updateMail(trx, params.id, params.mailId, body, request.account!.id)),
    );
    return { status: 200, body: (await repo.getMail(db, params.mailId))! };
  },

  remove: async ({ params, request }) => {
    const { db } = request.server;
    refuse(await db.transaction().execute((trx) => repo.deleteMail(trx, params.id, params.mailId)));
    return { status: 204, body: undefined };
  },
});
