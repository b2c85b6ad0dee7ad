import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';

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

  exportOfInvitation: async ({ params, query, request, reply }) => {
    await checkInvitation(request.server.db, params.id);
    return csvAttachment(
      reply,
      `invitation-${params.id}-invitees`,
      repo.exportInvitees(request.server.db, { ...query, invitationId: params.id }),
    );
  },
});
