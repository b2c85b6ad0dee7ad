import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import { saveWithFiles, type FileReference } from '../../services/files.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import * as repo from './repo.js';
import { checkUnscoped } from '../../services/auth/chapter-scope.js';

const files = (body: { logoId: number | null }): FileReference[] => [['Logo', body.logoId]];

export const institutionRoutes = s.router(contract.institutions, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listInstitutions(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'institutions', repo.exportInstitutions(request.server.db, query)),

  get: async ({ params, request }) => {
    const institution = await repo.getInstitution(request.server.db, params.id);
    if (!institution) throw notFound('Institution');
    return { status: 200, body: institution };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    checkUnscoped();
    const id = await saveWithFiles(db, files(body), (trx) => repo.createInstitution(trx, body));
    return { status: 201, body: (await repo.getInstitution(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    // A chapter-scoped caller reads its chapters' institutions only: another is not found, its own read only.
    if (!(await repo.getInstitution(db, params.id))) throw notFound('Institution');
    checkUnscoped();
    await saveWithFiles(db, files(body), async (trx) => {
      if (!(await repo.updateInstitution(trx, params.id, body))) throw notFound('Institution');
    });
    return { status: 200, body: (await repo.getInstitution(db, params.id))! };
  },
});
