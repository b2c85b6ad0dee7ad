import { contract, IMPORT_MESSAGES } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, fieldError, notFound, orNotFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import { commitFiles } from '../../services/files.js';
import { previewImport } from '../../services/record-import/preview.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';
import { auditActors } from '../../db/audit-context.js';
import * as repo from './repo.js';

export const importRoutes = s.router(contract.imports, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listImports(request.server.db, query) }),

  preview: async ({ body, request }) => {
    const { db, storage } = request.server;
    if (!(await repo.storedFile(db, body.fileId))) throw fieldError('fileId', IMPORT_MESSAGES.fileNotFound);
    const result = await previewImport({ db, storage }, body.kind, body.fileId);
    if ('problem' in result) throw new AppError(400, result.problem);
    return { status: 200, body: result };
  },

  create: async ({ body, request }) => {
    const { db, jobs } = request.server;
    const id = await db.transaction().execute(async (trx) => {
      if (!(await repo.storedFile(trx, body.fileId))) throw fieldError('fileId', IMPORT_MESSAGES.fileNotFound);
      const importId = await repo.createImport(trx, body, request.account?.id ?? null, auditActors.getStore());
      await commitFiles(trx, [body.fileId]);
      await writeAuditRow(trx, {
        action: 'import',
        entity: 'imports',
        entityId: importId,
        detail: { kind: body.kind, dryRun: body.dryRun, fileId: body.fileId },
      });
      await jobs.send('run-import', { importId }, { db: trx });
      return importId;
    });
    return { status: 201, body: { id } };
  },

  get: async ({ params, request }) => ({
    status: 200,
    body: orNotFound(await repo.getImport(request.server.db, params.id), 'Import'),
  }),

  rejected: async ({ params, request, reply }) => {
    const { db } = request.server;
    const found = await repo.importExists(db, params.id);
    if (!found) throw notFound('Import');
    return csvAttachment(
      reply,
      `import-${params.id}-rejected`,
      repo.exportRejected(
        db,
        params.id,
        found.columns.map((c) => c.header),
      ),
    );
  },
});
