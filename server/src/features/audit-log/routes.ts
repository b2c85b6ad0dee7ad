import { AUDIT_ACTIONS, contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import * as repo from './repo.js';

/** Read only: nothing here (nor anywhere) changes or deletes an audit row; the retention job is the only delete. */
export const auditLogRoutes = s.router(contract.auditLog, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listAuditLog(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'audit-log', repo.exportAuditLog(request.server.db, query)),

  facets: async ({ request }) => ({
    status: 200,
    body: { ...(await repo.auditFacets(request.server.db)), actions: [...AUDIT_ACTIONS] },
  }),
});
