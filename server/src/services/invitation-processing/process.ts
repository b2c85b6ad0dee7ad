import { sql, type Kysely } from 'kysely';
import type { DB, Db } from '../../db/database.js';
import { copyRowsIn, inRawTransaction } from '../../db/copy-in.js';
import type { Storage } from '../../plugins/storage.js';
import {
  cleanInvitees,
  normaliseEmail,
  readInviteeFile,
  DATABASE_GONE,
  type CleanedRow,
  type RawRow,
} from '../invitee-database/index.js';
import { fileErrors, localCopy, SpreadsheetError } from '../spreadsheet/index.js';
import { addressFacts } from './lookups.js';
import { isOptOut } from '../privacy/opt-out.js';
import { refreshCounts } from './counts.js';
import { drawCodes, splitGroups } from './assign.js';

/*
 * Processing an invitation's database (../shared/DOMAIN.md "Invitation lifecycle").
 *
 * The invitation carries a processing run id (set when the database is saved). A run:
 *  1. checks it still owns the invitation (else stops: the database was saved again, or deleted);
 *  2. deletes any invitee a crashed or retried attempt of the run left, so a restart never duplicates;
 *  3. reads the whole file (10 MB at most) and records countPreClean;
 *  4. cleans it against the database (suppression, members, earlier invitations), gives each valid
 *     invitee a unique code (drawn while the addresses are looked up) and, with a variable, a random
 *     A/B group;
 *  5. writes the invitees in batches, each in its own transaction that also advances countProcessed
 *     (the list's progress bar) and checks the run still owns the invitation;
 *  6. ends in Ready with the counts. A file that cannot be used (no email column, corrupt, ...) ends
 *     in Draft with the reason and no invitee; so does a run whose last attempt fails.
 */

export type ProcessContext = {
  db: Kysely<DB>;
  storage: Storage;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  signal?: AbortSignal;
};

export type ProcessOutcome = {
  outcome: 'ready' | 'draft' | 'superseded';
  rows?: number;
  valid?: number;
  reason?: string;
  /** Milliseconds per phase (read, lookups, clean, codes, write), for the job's log line. */
  phases?: Record<string, number>;
};

const BATCH = 5000;

/** Thrown inside a batch when the run no longer owns the invitation: everything it wrote rolls back. */
class Superseded extends Error {}

type Owned = {
  id: number;
  databaseId: number | null;
  cleanJoined: boolean;
  cleanInviteCount: number;
  testId: number | null;
  abbreviation: string;
};

async function owned(db: Db, invitationId: number, run: string): Promise<Owned | undefined> {
  return db
    .selectFrom('invitations as inv')
    .innerJoin('institutions as i', 'i.id', 'inv.institutionId')
    .select(['inv.id', 'inv.databaseId', 'inv.cleanJoined', 'inv.cleanInviteCount', 'inv.testId', 'i.abbreviation'])
    .where('inv.id', '=', invitationId)
    .where('inv.processingRun', '=', run)
    .where('inv.status', '=', 'DB Processing')
    .executeTakeFirst();
}

/** Ends the run in Draft with `reason`, removing what it wrote (only while it still owns the invitation). */
async function toDraft(db: Kysely<DB>, invitationId: number, run: string, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('invitations')
      .set({ status: 'Draft', statusReason: reason, countProcessed: 0, countPreClean: 0, processingRun: null })
      .where('id', '=', invitationId)
      .where('processingRun', '=', run)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0) {
      await trx.deleteFrom('invitees').where('invitationId', '=', invitationId).execute();
      await refreshCounts(trx, invitationId);
    }
  });
}

/** The invitee columns a batch writes, and each one's value for a cleaned row. */
const COLUMNS: Array<[column: string, value: (r: CleanedRow) => unknown]> = [
  ['row_number', (r) => r.rowNumber],
  ['salutation', (r) => r.fields.salutation || null],
  ['first_name', (r) => r.fields.firstName ?? ''],
  ['last_name', (r) => r.fields.lastName ?? ''],
  ['email', (r) => r.email],
  ['major', (r) => r.fields.major || null],
  ['class', (r) => r.fields.class || null],
  ['mailing_address', (r) => JSON.stringify(r.mailingAddress ?? {})],
  ['phone_number', (r) => r.fields.phoneNumber || null],
  ['directory_opt_out', (r) => isOptOut(r.fields.directoryOptOut)],
  ['removed', (r) => r.removed],
  ['removed_reason', (r) => r.removedReason],
  ['invitation_code', (r) => r.invitationCode ?? null],
  ['invite_count', (r) => r.inviteCount],
  ['test_value', (r) => r.testValue ?? null],
];
const COLUMN_NAMES = ['invitation_id', ...COLUMNS.map(([c]) => c)];

/**
 * One batch in one transaction: the progress update with the ownership check, then the rows through
 * COPY (PostgreSQL's bulk loader; the table's statement triggers keep the event counts as for an insert).
 */
async function writeBatch(db: Kysely<DB>, invitationId: number, run: string, rows: CleanedRow[]): Promise<void> {
  await inRawTransaction(db, async (client) => {
    const res = await client.query(
      'update invitations set count_processed = count_processed + $1 where id = $2 and processing_run = $3',
      [rows.length, invitationId, run],
    );
    if (res.rowCount === 0) throw new Superseded();
    await copyRowsIn(
      client,
      'invitees',
      COLUMN_NAMES,
      rows.map((r) => [invitationId, ...COLUMNS.map(([, value]) => value(r))]),
    );
  });
}

/**
 * Processes the invitation's database for processing run `run` (see the comment above). Errors other
 * than an unusable file are thrown for the job to retry, except on the `lastAttempt`.
 */
export async function processInvitationDatabase(
  ctx: ProcessContext,
  { invitationId, run }: { invitationId: number; run: string },
  { lastAttempt = false }: { lastAttempt?: boolean } = {},
): Promise<ProcessOutcome> {
  const { db, storage, log } = ctx;
  const inv = await owned(db, invitationId, run);
  if (!inv) return { outcome: 'superseded' };
  if (!inv.databaseId) {
    await toDraft(db, invitationId, run, 'Database is required');
    return { outcome: 'draft', reason: 'Database is required' };
  }

  let copy: Awaited<ReturnType<typeof localCopy>> | undefined;
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  try {
    // A retry starts over: what an earlier attempt of this run wrote goes first.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('invitees').where('invitationId', '=', invitationId).execute();
      await trx
        .updateTable('invitations')
        .set({ countProcessed: 0, countPreClean: 0 })
        .where('id', '=', invitationId)
        .where('processingRun', '=', run)
        .execute();
    });

    copy = await localCopy(db, storage, inv.databaseId, DATABASE_GONE);
    const raw: RawRow[] = [];
    for await (const row of readInviteeFile(copy.file, copy.fileName)) raw.push(row);
    if (!raw.length) throw fileErrors.empty();
    await db
      .updateTable('invitations')
      .set({ countPreClean: raw.length })
      .where('id', '=', invitationId)
      .where('processingRun', '=', run)
      .execute();
    phase('read');

    // The facts about the file's addresses and a code for every row (those of removed rows go unused)
    // are looked up at the same time.
    const [facts, codes] = await Promise.all([
      addressFacts(
        db,
        invitationId,
        raw.map((r) => normaliseEmail(r.fields.email)),
      ),
      drawCodes(db, inv.abbreviation, raw.length),
    ]);
    phase('lookups');
    const cleaned = cleanInvitees(raw, {
      cleanJoined: inv.cleanJoined,
      cleanInviteCount: inv.cleanInviteCount as 2 | 3 | 4,
      suppressed: facts.suppressed,
      erased: facts.erased,
      memberEmails: facts.members,
      priorInviteCounts: facts.priorInvites,
    }).rows;
    const valid = cleaned.filter((r) => !r.removed);
    phase('clean');
    valid.forEach((row, i) => (row.invitationCode = codes[i]));
    if (inv.testId) splitGroups(valid);
    phase('codes');

    for (let i = 0; i < cleaned.length; i += BATCH) {
      if (ctx.signal?.aborted) throw new Error('Processing stopped: the worker is shutting down');
      await writeBatch(db, invitationId, run, cleaned.slice(i, i + BATCH));
    }
    phase('write');
    const finished = await db.transaction().execute(async (trx) => {
      if (!(await refreshCounts(trx, invitationId, run))) return false;
      await trx
        .updateTable('invitations')
        .set({ status: 'Ready', statusReason: null, processedAt: sql`now()` })
        .where('id', '=', invitationId)
        .where('processingRun', '=', run)
        .execute();
      return true;
    });
    if (!finished) return { outcome: 'superseded' };
    return { outcome: 'ready', rows: raw.length, valid: valid.length, phases };
  } catch (err) {
    if (err instanceof Superseded) return { outcome: 'superseded' };
    if (err instanceof SpreadsheetError || lastAttempt) {
      const reason = err instanceof SpreadsheetError ? err.message : `Processing failed: ${(err as Error).message}`;
      log.warn({ invitationId, reason }, 'invitation database refused');
      await toDraft(db, invitationId, run, reason);
      return { outcome: 'draft', reason };
    }
    throw err;
  } finally {
    await copy?.done();
  }
}
