import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import * as repo from './repo.js';

export const invitationTestRoutes = s.router(contract.invitationTests, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listTests(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'ab-variables', repo.exportTests(request.server.db, query)),

  get: async ({ params, request }) => {
    const test = await repo.getTest(request.server.db, params.id);
    if (!test) throw notFound('Variable');
    return { status: 200, body: test };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    const id = await db.transaction().execute((trx) => repo.createTest(trx, body, request.account!.id));
    return { status: 201, body: (await repo.getTest(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    const found = await db.transaction().execute((trx) => repo.updateTest(trx, params.id, body, request.account!.id));
    if (!found) throw notFound('Variable');
    return { status: 200, body: (await repo.getTest(db, params.id))! };
  },
});
