import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PrivacyRequest } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import type { Storage } from '../../plugins/storage.js';
import { writeAuditRow } from '../audit/write-audit-row.js';
import { emailHash } from './hash.js';
import { removeUploads, uploadsOf } from './uploads.js';
import { erasePerson } from './erase.js';
import { buildExport } from './export.js';
import { personByEmail } from './person.js';
import './tables.js';

/** How long a finished export may be downloaded (once). */
export const EXPORT_DAYS = 7;

type Kind = 'export' | 'erasure';

export async function createRequest(
  db: Db,
  values: { kind: Kind; email: string; reason?: string; requestedBy: number | null; needsConfirmation?: boolean },
) {
  return db
    .insertInto('privacyRequests')
    .values({
      kind: values.kind,
      email: values.email,
      emailHash: await emailHash(db, values.email),
      reason: values.reason ?? '',
      requestedBy: values.requestedBy,
      needsConfirmation: values.needsConfirmation ?? false,
      status: values.needsConfirmation ? 'Awaiting confirmation' : 'Queued',
    })
    .returning(['id', 'status', 'emailHash'])
    .executeTakeFirstOrThrow();
}

export async function requestRow(db: Db, id: number, kind: Kind) {
  return db.selectFrom('privacyRequests').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
}

export function toPrivacyRequest(row: NonNullable<Awaited<ReturnType<typeof requestRow>>>): PrivacyRequest {
  return {
    id: row.id,
    status: row.status,
    statusReason: row.statusReason,
    createdAt: iso(row.createdAt),
    finishedAt: row.finishedAt ? iso(row.finishedAt) : null,
    downloadedAt: row.downloadedAt ? iso(row.downloadedAt) : null,
    changes: row.changes ?? null,
  };
}

/** Marks a queued request Running (a retry finds it Running already); false when it is past that. */
async function start(db: Db, id: number): Promise<string | null> {
  const row = await db
    .updateTable('privacyRequests')
    .set({ status: 'Running', startedAt: sql`coalesce(started_at, now())` })
    .where('id', '=', id)
    .where('status', 'in', ['Queued', 'Running'])
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

export async function failRequest(db: Db, id: number, reason: string) {
  await db
    .updateTable('privacyRequests')
    .set({ status: 'Failed', statusReason: reason, finishedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['Queued', 'Running'])
    .execute();
}

/** The export job's work: the zip into storage, the request Done. */
export async function runExport(ctx: { db: Kysely<DB>; storage: Storage }, id: number): Promise<void> {
  const email = await start(ctx.db, id);
  if (!email) return;
  const key = `privacy/exports/${id}-${randomUUID()}.zip`;
  await ctx.storage.put(key, await buildExport(ctx.db, email), 'application/zip');
  await ctx.db
    .updateTable('privacyRequests')
    .set({ status: 'Done', storageKey: key, finishedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * The erasure job's work: the person erased (services/privacy/erase.ts), the keyed hash of the address on the
 * suppression list, earlier exports of theirs deleted from storage, and the request Done with the rows
 * changed per table and without the address; the audit row names the person by the hash only.
 */
export async function runErasure(ctx: { db: Kysely<DB>; storage: Storage }, id: number): Promise<void> {
  const email = await start(ctx.db, id);
  if (!email) return;
  const { db, storage } = ctx;
  const person = await personByEmail(db, email);
  const uploads = await uploadsOf(db, person);
  const changes = await erasePerson(db, person);
  if (uploads.length) changes.files = await removeUploads(db, storage, uploads);
  const hashes = await Promise.all(person.emails.map((e) => emailHash(db, e)));
  const exports = await db
    .selectFrom('privacyRequests')
    .select(['id', 'storageKey'])
    .where('emailHash', 'in', hashes)
    .where('storageKey', 'is not', null)
    .execute();
  await Promise.allSettled(exports.map((e) => storage.delete(e.storageKey!)));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('privacySuppressions')
      .values(hashes.map((emailHash) => ({ emailHash, requestId: id })))
      .onConflict((oc) => oc.column('emailHash').doNothing())
      .execute();
    await trx
      .updateTable('privacyRequests')
      .set({ email: null, storageKey: null })
      .where('emailHash', 'in', hashes)
      .execute();
    const row = await trx
      .updateTable('privacyRequests')
      .set({ status: 'Done', changes: JSON.stringify(changes), finishedAt: sql`now()` })
      .where('id', '=', id)
      .returning(['emailHash', 'requestedBy', 'confirmedBy', 'reason'])
      .executeTakeFirstOrThrow();
    await writeAuditRow(
      trx,
      {
        action: 'privacy-erase',
        entity: 'privacy_requests',
        entityId: id,
        detail: { person: row.emailHash, changes, confirmedBy: row.confirmedBy, reason: row.reason },
      },
      { accountId: row.requestedBy, apiKeyId: null, address: null },
    );
  });
}
