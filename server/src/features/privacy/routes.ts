import { contract, PRIVACY_MESSAGES } from '@app/contract';
import { sql } from 'kysely';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { writeAuditRow } from '../../services/audit/write-audit-row.js';
import { findPersonData } from '../../services/privacy/find.js';
import { erasureChanges } from '../../services/privacy/erase.js';
import { personByEmail } from '../../services/privacy/person.js';
import { createRequest, EXPORT_DAYS, requestRow, toPrivacyRequest } from '../../services/privacy/requests.js';
import { invitationRetention } from '../../services/privacy/retention.js';
import { invitationReachable } from '../../services/auth/chapter-scope.js';

export const privacyRoutes = s.router(contract.privacy, {
  people: async ({ query, request }) => ({ status: 200, body: await findPersonData(request.server.db, query) }),

  createExport: async ({ body, request }) => {
    const { db, jobs } = request.server;
    const created = await db.transaction().execute(async (trx) => {
      const row = await createRequest(trx, {
        kind: 'export',
        email: body.email,
        requestedBy: request.account?.id ?? null,
      });
      await writeAuditRow(trx, {
        action: 'privacy-export',
        entity: 'privacy_requests',
        entityId: row.id,
        detail: { person: row.emailHash },
      });
      await jobs.send('privacy-export', { requestId: row.id }, { db: trx });
      return row;
    });
    return { status: 201, body: { id: created.id, status: created.status } };
  },

  getExport: async ({ params, request }) => {
    const row = await requestRow(request.server.db, params.id, 'export');
    if (!row) throw notFound('Export');
    return { status: 200, body: toPrivacyRequest(row) };
  },

  // Once only: the row is marked downloaded (and its file deleted) in the same step that hands it out.
  downloadExport: async ({ params, request, reply }) => {
    const { db, storage } = request.server;
    const row = await requestRow(db, params.id, 'export');
    if (!row) throw notFound('Export');
    if (row.status !== 'Done') throw new AppError(409, PRIVACY_MESSAGES.notReady);
    const taken = await db
      .updateTable('privacyRequests')
      .set({ downloadedAt: sql`now()`, storageKey: null })
      .where('id', '=', row.id)
      .where('downloadedAt', 'is', null)
      .where('storageKey', 'is not', null)
      .where('finishedAt', '>', sql<Date>`now() - make_interval(days => ${EXPORT_DAYS})`)
      .returning('storageKey')
      .executeTakeFirst();
    if (!taken) throw new AppError(410, PRIVACY_MESSAGES.gone);
    const stream = await storage.get(row.storageKey!);
    if (!stream) throw new AppError(410, PRIVACY_MESSAGES.gone);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    await storage.delete(row.storageKey!);
    void reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="personal-data-${row.id}.zip"`);
    return { status: 200, body: Buffer.concat(chunks) };
  },

  createErasure: async ({ body, request }) => {
    const { db, jobs } = request.server;
    const person = await personByEmail(db, body.email);
    const changes = await erasureChanges(db, person);
    if (body.dryRun) return { status: 200, body: { changes } };
    const created = await db.transaction().execute(async (trx) => {
      const row = await createRequest(trx, {
        kind: 'erasure',
        email: body.email,
        reason: body.reason,
        requestedBy: request.account?.id ?? null,
        needsConfirmation: (changes.payments ?? 0) > 0,
      });
      await writeAuditRow(trx, {
        action: 'privacy-erase',
        entity: 'privacy_requests',
        entityId: row.id,
        detail: { person: row.emailHash, status: row.status },
      });
      if (row.status === 'Queued') await jobs.send('privacy-erase', { requestId: row.id }, { db: trx });
      return row;
    });
    return { status: 201, body: { id: created.id, status: created.status } };
  },

  getErasure: async ({ params, request }) => {
    const row = await requestRow(request.server.db, params.id, 'erasure');
    if (!row) throw notFound('Erasure');
    return { status: 200, body: toPrivacyRequest(row) };
  },

  retention: async ({ params, request }) => {
    // An invitation outside a chapter-scoped caller's chapters is not found, as its detail is not.
    const db = request.server.db;
    const found = (await invitationReachable(db, params.id)) ? await invitationRetention(db, params.id) : undefined;
    if (!found) throw notFound('Invitation');
    return { status: 200, body: found };
  },

  // Erasing someone with a payment takes two staff members: the one who asked and another who confirms.
  confirmErasure: async ({ params, request }) => {
    const { db, jobs } = request.server;
    const me = request.account?.id ?? null;
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('privacyRequests')
        .selectAll()
        .where('id', '=', params.id)
        .where('kind', '=', 'erasure')
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound('Erasure');
      if (row.status !== 'Awaiting confirmation') throw new AppError(409, PRIVACY_MESSAGES.notAwaiting);
      if (me === null || row.requestedBy === me) throw new AppError(409, PRIVACY_MESSAGES.sameStaff);
      await trx
        .updateTable('privacyRequests')
        .set({ status: 'Queued', confirmedBy: me })
        .where('id', '=', row.id)
        .execute();
      await writeAuditRow(trx, {
        action: 'privacy-erase-confirm',
        entity: 'privacy_requests',
        entityId: row.id,
        detail: { person: row.emailHash },
      });
      await jobs.send('privacy-erase', { requestId: row.id }, { db: trx });
      return row.id;
    });
    return { status: 200, body: { id, status: 'Queued' as const } };
  },
});
