import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';

async function checkInvitation(db: Db, id: number) {
  if (!(await repo.invitationExists(db, id))) throw notFound('Invitation');
}

export const inviteeRoutes = s.router(contract.invitees, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listInvitees(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'invitees', repo.exportInvitees(request.server.db, query)),

  ofInvitation: async ({ params, query, request }) => {
    const page = await repo.listInvitees(request.server.db, query, params.id);
    // Invitees belong to their invitation: only an empty page leaves its existence in doubt.
    if (!page.items.length) await checkInvitation(request.server.db, params.id);
    return { status: 200, body: page };
  },

  // Issue 36 §5: staff set or clear the FERPA directory opt-out (an invitee outside the caller's chapters: 404).
  setDirectoryOptOut: async ({ params, body, request }) => {
    const { db } = request.server;
    const before = await repo.getInvitee(db, params.id);
    if (!before) throw notFound('Invitee');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('invitees').set(body).where('id', '=', params.id).execute();
      await writeAuditRow(trx, {
        action: 'update',
        entity: 'invitees',
        entityId: params.id,
        detail: { directoryOptOut: { old: before.directoryOptOut, new: body.directoryOptOut } },
      });
    });
    return { status: 200, body: { ...before, ...body } };
  },

  exportOfInvitation: async ({ params, query, request, reply }) => {
    await checkInvitation(request.server.db, params.id);
    return csvAttachment(
      reply,
      `invitation-${params.id}-invitees`,
      repo.exportInvitees(request.server.db, { ...query, invitationId: params.id }),
    );
  },
});
