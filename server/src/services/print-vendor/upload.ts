import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { POSTAL_MAIL_FOLDER, POSTAL_MAIL_MESSAGES } from '@app/contract';
import type { DB } from '../../db/database.js';
import { copyCsv, csvJsonText, csvText, type CsvColumn } from '../../db/copy-csv.js';
import type { Storage } from '../../plugins/storage.js';
import { audienceCondition, type Audience } from '../audience/index.js';
import type { PrintVendorTransfer } from './index.js';

/*
 * Uploading postal mailings to the print vendor, and what a crash costs.
 *
 * A pass (the `upload-postal-mails` job, every minute) holds a session advisory lock for its whole run,
 * so passes never overlap, even one pg-boss gave up on while it still ran (the lock dies with its
 * connection, never before). Under the lock, each due mailing goes through these steps, each committed:
 * 1. Claim: `upload_started_at = now()`, status In Progress. From here on it is never claimed as new
 *    again, and the API refuses to edit or delete it (it locks the same row).
 * 2. Build: the CSV of its audience with mailing addresses (COPY, streamed into storage, rows counted),
 *    stored as a file row and recorded in `upload_csv_id`: the marker "the transfer may have begun",
 *    set only where it is still unset, so one pass alone goes on to the transfer.
 * 3. Transfer: the zip, then the CSV (the vendor's cue that the set is complete), each written under a
 *    temporary name and renamed, to `postal-mail-<id>/`.
 * 4. Success with `upload_count`, or Failed with the reason when any step fails.
 *
 * An In Progress mailing found by a pass was left by a pass that died (no other can be running):
 * - without `upload_csv_id` nothing reached the vendor: it is built and transferred again (a retry);
 * - with it, the vendor may hold all or part of it: it is marked Failed with `INTERRUPTED`, never sent
 *   again on its own, so no mailing is printed twice. Staff check with the vendor and schedule a new one.
 */

const LOCK_KEY = 7_340_016; // pg advisory lock: one postal mailing pass at a time
const REASON_MAX = 1000;
export const INTERRUPTED =
  'The upload was interrupted after the transfer to the print vendor had begun; check with the vendor before scheduling it again';

export type UploadContext = {
  db: Kysely<DB>;
  storage: Storage;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  signal?: AbortSignal;
};

export type UploadReport = { uploaded: number; failed: number; interrupted: number; locked: boolean };

/** The CSV the vendor prints from: who gets a letter and where (spec 02 §2 Address columns). */
const CSV_COLUMNS: CsvColumn[] = [
  { header: 'id', value: 'iv.id' },
  { header: 'invitationCode', value: csvText('iv.invitationCode') },
  { header: 'salutation', value: csvText('iv.salutation') },
  { header: 'firstName', value: csvText('iv.firstName') },
  { header: 'lastName', value: csvText('iv.lastName') },
  { header: 'major', value: csvText('iv.major') },
  { header: 'class', value: csvText('iv.class') },
  ...(['address', 'street', 'street2', 'city', 'state', 'postalCode', 'country'] as const).map((key) => ({
    header: key,
    value: csvJsonText('iv.mailingAddress', key),
  })),
  { header: 'timesInvited', value: 'iv.inviteCount' },
  { header: 'testValue', value: csvText('iv.testValue') },
];

type Claimed = Audience & { id: number; invitationId: number; fileId: number | null; uploadCsvId: number | null };

class StepError extends Error {}
/** Another pass recorded this mailing's CSV first: it owns the transfer, this one leaves the mailing alone. */
class Superseded extends Error {}

/**
 * Runs every due postal mailing (see the comment above). `transfer` is closed at the end.
 * @example await uploadDuePostalMails({ db, storage, log }, printVendorTransfer(config))
 */
export async function uploadDuePostalMails(ctx: UploadContext, transfer: PrintVendorTransfer): Promise<UploadReport> {
  const report: UploadReport = { uploaded: 0, failed: 0, interrupted: 0, locked: false };
  try {
    return await ctx.db.connection().execute(async (lockConn) => {
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as ok`.execute(lockConn);
      if (!rows[0]?.ok) return { ...report, locked: true };
      try {
        report.interrupted = await failInterrupted(ctx.db);
        for (
          let mail = await claimNext(ctx.db);
          mail;
          mail = ctx.signal?.aborted ? undefined : await claimNext(ctx.db)
        ) {
          const outcome = await uploadOne(ctx, transfer, mail);
          if (outcome !== 'Skipped') report[outcome === 'Success' ? 'uploaded' : 'failed']++;
        }
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(lockConn);
      }
      return report;
    });
  } finally {
    await transfer.close().catch(() => {});
  }
}

/** Mailings a dead pass left after the transfer may have begun: Failed, never sent again on their own. */
async function failInterrupted(db: Kysely<DB>): Promise<number> {
  const rows = await db
    .updateTable('postalMails')
    .set({ uploadStatus: 'Failed', uploadStatusReason: INTERRUPTED, updatedAt: sql`now()` })
    .where('uploadStatus', '=', 'In Progress')
    .where('uploadCsvId', 'is not', null)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * The next mailing to run, claimed (committed at once): a due one not started, or one a dead pass left
 * before any transfer (In Progress without a CSV), which runs again.
 */
async function claimNext(db: Kysely<DB>): Promise<Claimed | undefined> {
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .selectFrom('postalMails')
      .select(['id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('uploadStartedAt', 'is', null), eb('uploadScheduledAt', '<=', sql<Date>`now()`)]),
          eb.and([eb('uploadStatus', '=', 'In Progress'), eb('uploadCsvId', 'is', null)]),
        ]),
      )
      .orderBy('uploadScheduledAt')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return undefined;
    return trx
      .updateTable('postalMails')
      .set({
        uploadStartedAt: sql`coalesce(upload_started_at, now())`,
        uploadStatus: 'In Progress',
        uploadStatusReason: null,
      })
      .where('id', '=', next.id)
      .returning(['id', 'invitationId', 'inviteCount', 'testValue', 'fileId', 'uploadCsvId'])
      .executeTakeFirstOrThrow();
  });
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, REASON_MAX);

async function uploadOne(
  ctx: UploadContext,
  transfer: PrintVendorTransfer,
  mail: Claimed,
): Promise<'Success' | 'Failed' | 'Skipped'> {
  const { db, log } = ctx;
  try {
    const zip = await checkReady(ctx, mail);
    const csv = await buildCsv(ctx, mail);
    const folder = `postal-mail-${mail.id}`;
    try {
      const zipBody = await ctx.storage.get(zip.storageKey);
      if (!zipBody) throw new Error('the stored zip is missing');
      await transfer.put(`${folder}/${zip.fileName}`, zipBody);
      const stored = await ctx.storage.get(csv.storageKey);
      if (!stored) throw new Error('the stored CSV is missing');
      await transfer.put(`${folder}/recipients.csv`, stored);
    } catch (err) {
      throw new StepError(`Transfer to the print vendor (${transfer.target}) failed: ${reasonOf(err)}`);
    }
    await db
      .updateTable('postalMails')
      .set({ uploadStatus: 'Success', uploadStatusReason: null, uploadCount: csv.rows, updatedAt: sql`now()` })
      .where('id', '=', mail.id)
      .where('uploadStatus', '=', 'In Progress')
      .execute();
    log?.info({ postalMailId: mail.id, rows: csv.rows, target: transfer.target }, 'postal mailing uploaded');
    return 'Success';
  } catch (err) {
    if (err instanceof Superseded) {
      log?.warn({ postalMailId: mail.id }, 'postal mailing taken over by another pass');
      return 'Skipped';
    }
    const reason = err instanceof StepError ? err.message : `The upload failed: ${reasonOf(err)}`;
    log?.warn({ postalMailId: mail.id, err, reason }, 'postal mailing failed');
    await db
      .updateTable('postalMails')
      .set({ uploadStatus: 'Failed', uploadStatusReason: reason.slice(0, REASON_MAX), updatedAt: sql`now()` })
      .where('id', '=', mail.id)
      .where('uploadStatus', '=', 'In Progress')
      .execute();
    return 'Failed';
  }
}

/** The invitation can be mailed and the zip is recorded: its name and key, or a StepError saying why not. */
async function checkReady(ctx: UploadContext, mail: Claimed): Promise<{ fileName: string; storageKey: string }> {
  const invitation = await ctx.db
    .selectFrom('invitations')
    .select(['status', 'deliverPostalMails'])
    .where('id', '=', mail.invitationId)
    .executeTakeFirstOrThrow();
  if (!invitation.deliverPostalMails) throw new StepError(POSTAL_MAIL_MESSAGES.notPostal);
  if (invitation.status === 'Draft' || invitation.status === 'DB Processing') {
    throw new StepError(`The invitation's invitees are not ready (status ${invitation.status})`);
  }
  const file = mail.fileId
    ? await ctx.db
        .selectFrom('files')
        .select(['fileName', 'storageKey'])
        .where('id', '=', mail.fileId)
        .executeTakeFirst()
    : undefined;
  if (!file) throw new StepError('The zip file is missing');
  return file;
}

/**
 * The audience's CSV (valid invitees of the bucket and segment that have a mailing address), streamed
 * from COPY into storage and recorded as a file row and as the mailing's `upload_csv_id` (step 2).
 */
async function buildCsv(ctx: UploadContext, mail: Claimed): Promise<{ storageKey: string; rows: number }> {
  const { db, storage } = ctx;
  const qb = db
    .selectFrom('invitees as iv')
    .where(audienceCondition(mail.invitationId, mail))
    .where(sql<boolean>`iv.mailing_address <> '{}'::jsonb`)
    // FERPA directory opt-outs get no postal mail (issue 36).
    .where('iv.directoryOptOut', '=', false)
    .orderBy('iv.lastName')
    .orderBy('iv.firstName')
    .orderBy('iv.id');
  const counter = csvRecordCounter();
  const storageKey = `${POSTAL_MAIL_FOLDER}/csv/${randomUUID()}.csv`;
  try {
    const csv = await copyCsv(db, qb.select('iv.id'), CSV_COLUMNS);
    await storage.put(storageKey, csv.pipe(counter.stream), 'text/csv');
  } catch (err) {
    throw new StepError(`Building the CSV failed: ${reasonOf(err)}`);
  }
  const rows = Math.max(0, counter.records() - 1); // less the header line
  await recordCsv(ctx, mail, { storageKey, sizeInBytes: counter.bytes() }).catch(async (err) => {
    await storage.delete(storageKey).catch(() => {});
    throw err;
  });
  return { storageKey, rows };
}

/** Step 2's marker: the CSV as a file row and the mailing's `upload_csv_id`, in one transaction. */
async function recordCsv(ctx: UploadContext, mail: Claimed, csv: { storageKey: string; sizeInBytes: number }) {
  await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('files')
      .values({
        storageKey: csv.storageKey,
        folder: POSTAL_MAIL_FOLDER,
        fileName: `postal-mail-${mail.id}-recipients.csv`,
        contentType: 'text/csv',
        sizeInBytes: csv.sizeInBytes,
        public: false,
        committed: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Compare-and-set: only the pass that records the CSV goes on to the transfer (a pass that lost its
    // lock's connection while it still ran could otherwise work on the same mailing as the next one).
    const { numUpdatedRows } = await trx
      .updateTable('postalMails')
      .set({ uploadCsvId: id })
      .where('id', '=', mail.id)
      .where('uploadStatus', '=', 'In Progress')
      .where('uploadCsvId', 'is', null)
      .executeTakeFirstOrThrow();
    if (!numUpdatedRows) throw new Superseded();
  });
}

/**
 * Counts the bytes and the records of CSV text passing through: a line break outside quotes ends a
 * record (a quoted value may hold line breaks; a doubled quote toggles twice and changes nothing).
 */
function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  let bytes = 0;
  let lastWasBreak = true;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records++;
        lastWasBreak = byte === 0x0a;
      }
      done(null, chunk);
    },
    flush(done) {
      if (!lastWasBreak) records++;
      done();
    },
  });
  return { stream, records: () => records, bytes: () => bytes };
}
