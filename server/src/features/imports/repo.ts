import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Import, ImportDetail, ImportInput } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import { accountNameOf } from '../../db/account-sql.js';
import { firstItem, mapPage, ownColumns, paginate, type SortField, type SortMap } from '../../db/list.js';
import { copyCsv, csvText } from '../../db/copy-csv.js';
import type { AuditActor } from '../../db/audit-context.js';

type ListQuery = z.output<typeof import('@app/contract').ImportListQuery>;

export const importSort: SortMap<SortField<ListQuery>> = ownColumns('m', ['createdAt', 'kind', 'status', 'id']);

function selectImports(db: Db) {
  return db
    .selectFrom('imports as m')
    .leftJoin('files as f', 'f.id', 'm.fileId')
    .select([
      'm.id',
      'm.kind',
      'm.dryRun',
      'm.status',
      'm.statusReason',
      'm.createdAt',
      'm.startedAt',
      'm.finishedAt',
      'm.columns',
      'm.countRows',
      'm.countProcessed',
      'm.countCreated',
      'm.countUpdated',
      'm.countUnchanged',
      'm.countRejected',
      'f.id as fileId',
      'f.fileName',
      accountNameOf('m.createdBy').as('createdBy'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectImports>['executeTakeFirstOrThrow']>>;

function toImport({ fileId, fileName, columns: _columns, ...row }: Row): Import {
  return {
    ...row,
    file: fileId ? { id: fileId, fileName: fileName! } : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export async function listImports(db: Db, query: ListQuery) {
  let qb = selectImports(db);
  if (query.kind) qb = qb.where('m.kind', '=', query.kind);
  if (query.status) qb = qb.where('m.status', '=', query.status);
  return mapPage(await paginate(qb, query, importSort, 'm.id'), toImport);
}

export const FIRST_REJECTED = 10;

export async function getImport(db: Db, id: number): Promise<ImportDetail | undefined> {
  const row = await selectImports(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const rejected = await db
    .selectFrom('importRejected')
    .select(['rowNumber', 'reason', 'cells'])
    .where('importId', '=', id)
    .orderBy('rowNumber')
    .limit(FIRST_REJECTED)
    .execute();
  return {
    ...toImport(row),
    columns: row.columns,
    firstRejected: rejected.map((r) => ({ rowNumber: r.rowNumber, reason: r.reason, values: r.cells })),
  };
}

export const importExists = (db: Db, id: number) =>
  firstItem(db.selectFrom('imports').select(['id', 'columns']).where('id', '=', id), (r) => r);

/** A new queued import by `createdBy`, whose job writes as `actor` (the request's audit context). */
export async function createImport(
  db: Db,
  input: z.output<typeof ImportInput>,
  createdBy: number | null,
  actor: AuditActor | undefined,
): Promise<number> {
  const { id } = await db
    .insertInto('imports')
    .values({
      kind: input.kind,
      dryRun: input.dryRun,
      fileId: input.fileId,
      createdBy,
      actor: actor ? JSON.stringify(actor) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The stored file's name, or undefined when there is no such file. */
export const storedFile = (db: Db, id: number) =>
  firstItem(db.selectFrom('files').select(['id', 'fileName']).where('id', '=', id), (r) => r);

/**
 * The rejected rows as CSV, in file order: `row`, the file's recognised headers, then `reason`;
 * text neutralised as every export is.
 */
export function exportRejected(db: Kysely<DB>, id: number, headers: readonly string[]) {
  const qb = db
    .selectFrom('importRejected as r')
    .select('r.rowNumber')
    .where('r.importId', '=', id)
    .orderBy('r.rowNumber');
  return copyCsv(db, qb, [
    { header: 'row', value: 'r.rowNumber' },
    ...headers.map((h) => ({ header: h, value: csvText(sql`r.cells->>${h}`) })),
    { header: 'reason', value: csvText('r.reason') },
  ]);
}
