import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { ImportKind, RecognisedColumn } from '@app/contract';
import type { DB } from '../../db/database.js';
import { copyRowsIn, inRawTransaction } from '../../db/copy-in.js';
import { auditActors, type AuditActor } from '../../db/audit-context.js';
import { staffAccessRight } from '../auth/staff-access-right.js';
import type { Storage } from '../../plugins/storage.js';
import {
  localCopy,
  readSheetFile,
  SpreadsheetError,
  type FoundHeader,
  type ReadOptions,
} from '../spreadsheet/index.js';
import { IMPORT_LIMITS } from './limits.js';
import { fieldLabel, IMPORT_FILE_GONE, importColumns, missingColumns, missingColumnsError } from './columns.js';
import { checkRow, DUPLICATE_IN_FILE, SeenKeys, type Fields } from './validate.js';
import { classifySql, createStageSql, mergeSql, stageColumns, TARGETS } from './targets.js';
import { importerRulesSql, type Importer } from './importer-rules.js';
import { withoutErased } from '../privacy/hash.js';

/*
 * Running an import (README "Imports"). The file is read twice, streamed: once to count its rows (the
 * progress bar's whole), then in batches. Each batch is one transaction: its rows checked (the form's
 * schemas), staged through COPY, matched to their records, classified, merged in one statement (not in a
 * dry run), its rejected rows and counts written, and `count_processed` advanced only if it still is
 * where the batch began. A killed run resumes at `count_processed`: the batches before it are read
 * again only to remember their keys (duplicates in the file), never written twice. The batches write as
 * the importer (the audit context of the request that started the import, said on each row with the
 * import's id), so the trail names them for each account created or changed.
 */

export type ImportContext = {
  db: Kysely<DB>;
  storage: Storage;
  signal?: AbortSignal;
  /** Rows per batch (tests make it small). */
  batchSize?: number;
  readOptions?: ReadOptions;
};

export const BATCH_SIZE = 10_000;

/** Another attempt has moved this import on (or it ended): this one stops without writing. */
class Overtaken extends Error {}

type Row = { rowNumber: number; fields: Fields };

export async function runImport(
  ctx: ImportContext,
  importId: number,
  { lastAttempt = false } = {},
): Promise<'done' | 'failed' | 'skipped'> {
  const { db } = ctx;
  const imp = await db
    .selectFrom('imports as m')
    .leftJoin('accounts as a', 'a.id', 'm.createdBy')
    .select([
      'm.id',
      'm.kind',
      'm.dryRun',
      'm.status',
      'm.fileId',
      'm.countRows',
      'm.countProcessed',
      'm.createdBy',
      'm.actor',
      'a.admin as importerIsStaff',
    ])
    .where('m.id', '=', importId)
    .executeTakeFirst();
  if (!imp || imp.status === 'Done' || imp.status === 'Failed') return 'skipped';
  await db
    .updateTable('imports')
    .set({ status: 'Running', startedAt: sql`coalesce(started_at, now())` })
    .where('id', '=', importId)
    .execute();

  let copy: Awaited<ReturnType<typeof localCopy>> | undefined;
  let writing: Promise<void> = Promise.resolve();
  try {
    if (!imp.fileId) throw new SpreadsheetError(IMPORT_FILE_GONE);
    copy = await localCopy(db, ctx.storage, imp.fileId, IMPORT_FILE_GONE);
    const kind = imp.kind;
    const read = (onHeader?: (h: FoundHeader<string>) => void) =>
      readSheetFile(copy!.file, copy!.fileName, importColumns(kind), {
        limits: { ...IMPORT_LIMITS, ...ctx.readOptions?.limits },
        onHeader,
      });

    let header: FoundHeader<string> = [];
    let countRows = imp.countRows;
    if (!countRows) {
      countRows = 0;
      for await (const _ of read((h) => (header = h))) countRows++;
      const missing = missingColumns(
        kind,
        header.map((h) => h.column),
      );
      if (missing.length) throw missingColumnsError(missing);
      await db
        .updateTable('imports')
        .set({ countRows, columns: JSON.stringify(recognised(kind, header)) })
        .where('id', '=', importId)
        .execute();
    }

    const present = new Set<string>();
    const seen = new SeenKeys();
    const batchSize = ctx.batchSize ?? BATCH_SIZE;
    const context = { importerIsStaff: imp.importerIsStaff === true };
    const actor = importActor(imp);
    const importer: Importer = { accountId: imp.createdBy, ...(await staffAccessRight(db, actor)) };
    const write = (rows: Row[], checked: CheckedBatch, start: number) => {
      const batch = () =>
        writeBatch(db, { id: importId, kind, dryRun: imp.dryRun, importer }, header, present, rows, checked, start);
      return actor ? auditActors.run(actor, batch) : batch();
    };
    let index = 0;
    let batch: Row[] = [];
    // The file is read and the next batch checked while the database writes the one before: at most one
    // batch is written at a time, in order, so each still claims the progress the previous one left.
    const flush = async () => {
      if (ctx.signal?.aborted) throw new Error('The import stopped: the worker is shutting down');
      // People erased at their request (issue 36) are not brought back by an accounts import.
      const { rows, kept, erased } =
        kind === 'accounts'
          ? await withoutErased(db, batch, (r) => r.fields.email)
          : { rows: batch, kept: batch, erased: null };
      const checked = checkBatch(kind, present, kept, seen, context);
      for (const [rowNumber, reason] of erased ?? []) checked.rejected.set(rowNumber, reason);
      const start = index - batch.length;
      batch = [];
      await writing;
      writing = write(rows, checked, start);
      writing.catch(() => {}); // awaited by the next flush or at the end; never left unhandled meanwhile
    };
    for await (const row of read((h) => {
      header = h;
      for (const { column } of h) present.add(column);
    })) {
      index++;
      if (index <= imp.countProcessed) {
        // Already written by an earlier attempt: only its keys are remembered.
        const checked = checkRow(kind, row.fields, present, context);
        if (checked.ok) seen.duplicate(checked.keys);
        continue;
      }
      batch.push(row);
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length) await flush();
    await writing;
    await db
      .updateTable('imports')
      .set({ status: 'Done', finishedAt: sql`now()`, statusReason: null })
      .where('id', '=', importId)
      .where('status', '=', 'Running')
      .execute();
    return 'done';
  } catch (err) {
    await writing.catch(() => {}); // the batch in flight commits or fails before anything else is decided
    if (err instanceof Overtaken) return 'skipped';
    if (err instanceof SpreadsheetError || lastAttempt) {
      const reason = err instanceof SpreadsheetError ? err.message : `The import failed: ${(err as Error).message}`;
      await db
        .updateTable('imports')
        .set({ status: 'Failed', statusReason: reason, finishedAt: sql`now()` })
        .where('id', '=', importId)
        .execute();
      return 'failed';
    }
    throw err;
  } finally {
    await copy?.done();
  }
}

/** Who an import writes as: who started it (older imports: the account that did), with the import's id. */
function importActor(imp: { id: number; createdBy: number | null; actor: AuditActor | null }): AuditActor | undefined {
  const actor =
    imp.actor ?? (imp.createdBy === null ? null : { accountId: imp.createdBy, apiKeyId: null, address: null });
  return actor ? { ...actor, detail: { importId: imp.id } } : undefined;
}

/** The header as the screen shows it: each recognised header with its field's label. */
export function recognised(kind: ImportKind, header: FoundHeader<string>): RecognisedColumn[] {
  return header.map((h) => ({ header: h.header, field: h.column, label: fieldLabel(kind, h.column) }));
}

type Counts = { created: number; updated: number; unchanged: number; rejected: number };

type CheckedBatch = { rejected: Map<number, string>; staged: unknown[][] };

/** Each row checked (the form's schemas, duplicates in the file) and, when kept, laid out in staging order. */
function checkBatch(
  kind: ImportKind,
  present: ReadonlySet<string>,
  rows: Row[],
  seen: SeenKeys,
  context: { importerIsStaff: boolean },
): CheckedBatch {
  const columns = stageColumns(TARGETS[kind]);
  const rejected = new Map<number, string>();
  const staged: unknown[][] = [];
  for (const row of rows) {
    const checked = checkRow(kind, row.fields, present, context);
    if (!checked.ok) rejected.set(row.rowNumber, checked.reason);
    else if (seen.duplicate(checked.keys)) rejected.set(row.rowNumber, DUPLICATE_IN_FILE);
    else staged.push(columns.map((c) => (c.name === 'row_number' ? row.rowNumber : (checked.staged[c.name] ?? null))));
  }
  return { rejected, staged };
}

async function writeBatch(
  db: Kysely<DB>,
  imp: { id: number; kind: ImportKind; dryRun: boolean; importer: Importer },
  header: FoundHeader<string>,
  present: ReadonlySet<string>,
  rows: Row[],
  { rejected, staged }: CheckedBatch,
  start: number,
): Promise<void> {
  const target = TARGETS[imp.kind];
  const columns = stageColumns(target);
  await inRawTransaction(db, async (client) => {
    const claimed = await client.query(
      'select 1 from imports where id = $1 and count_processed = $2 and status = $3 for update',
      [imp.id, start, 'Running'],
    );
    if (!claimed.rowCount) throw new Overtaken();
    const counts: Counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    if (staged.length) {
      // The target's statistics lag behind a large import, so the planner's costs run high enough to JIT-compile
      // each lookup: half a second of compiling for a batch of probes of a few microseconds each. And a batch need
      // not wait for its commit to reach the disk: a crash can lose only whole batches, progress included,
      // which the resumed run writes again.
      await client.query('set local jit = off');
      await client.query('set local synchronous_commit = off');
      await client.query(createStageSql(target));
      await copyRowsIn(
        client,
        'import_stage',
        columns.map((c) => c.name),
        staged,
      );
      // Row counts for the planner: without them it may hash-join whole tables instead of probing their indexes.
      await client.query('analyze import_stage');
      const statements = [
        ...target.match,
        ...importerRulesSql(imp.kind, present, imp.importer),
        ...classifySql(target, present),
      ];
      for (const statement of statements) await client.query(statement);
      const { rows: actions } = await client.query<{
        action: string | null;
        reason: string | null;
        row_number: number;
      }>(
        `select action, reason, row_number from import_stage where reason is not null
         union all select action, null, count(*)::int from import_stage where reason is null group by action`,
      );
      for (const a of actions) {
        if (a.reason) rejected.set(a.row_number, a.reason);
        else if (a.action === 'create') counts.created = a.row_number;
        else if (a.action === 'update') counts.updated = a.row_number;
        else if (a.action === 'unchanged') counts.unchanged = a.row_number;
      }
      if (!imp.dryRun && counts.created + counts.updated > 0) await client.query(mergeSql(target, present));
    }
    counts.rejected = rejected.size;
    await recordRejected(client, imp.id, header, rows, rejected);
    await client.query(
      `update imports set count_processed = count_processed + $2, count_created = count_created + $3, count_updated = count_updated + $4,
         count_unchanged = count_unchanged + $5, count_rejected = count_rejected + $6 where id = $1`,
      [imp.id, rows.length, counts.created, counts.updated, counts.unchanged, counts.rejected],
    );
  });
}

async function recordRejected(
  client: pg.ClientBase,
  importId: number,
  header: FoundHeader<string>,
  rows: Row[],
  rejected: Map<number, string>,
) {
  if (!rejected.size) return;
  const out = rows
    .filter((r) => rejected.has(r.rowNumber))
    .map((r) => {
      const cells: Record<string, string> = {};
      for (const h of header) cells[h.header] = r.fields[h.column] ?? '';
      return [importId, r.rowNumber, rejected.get(r.rowNumber)!, cells];
    });
  await copyRowsIn(client, 'import_rejected', ['import_id', 'row_number', 'reason', 'cells'], out);
}
