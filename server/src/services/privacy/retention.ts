import { sql, type Kysely } from 'kysely';
import type { InvitationRetention } from '@app/contract';
import type { DB, Db } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import type { Storage } from '../../plugins/storage.js';
import { ANONYMISED } from './erase.js';

/** Rows one short transaction changes: small enough that a reminder sending beside it never waits long. */
const BATCH = 2000;

export type RetentionSettings = { inviteeDays: number; sendLogDays: number; batchSize?: number; signal?: AbortSignal };
export type RetentionOutcome = { invitations: number; invitees: number; sends: number; postalFiles: number };

declare module '../../db/database.js' {
  interface DB {
    privacyRetention: { invitationId: number; anonymisedAt: Date; invitees: number; sends: number };
  }
}

/** What retention did to one invitation (GET /api/admin/tech/privacy/retention/:id); undefined for no such invitation. */
export async function invitationRetention(db: Db, invitationId: number): Promise<InvitationRetention | undefined> {
  const row = await db
    .selectFrom('invitations as i')
    .leftJoin('privacyRetention as r', 'r.invitationId', 'i.id')
    .select(['i.id', 'r.anonymisedAt', 'r.invitees', 'r.sends'])
    .where('i.id', '=', invitationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    invitationId: row.id,
    anonymisedAt: row.anonymisedAt ? iso(row.anonymisedAt) : null,
    invitees: row.invitees ?? 0,
    sends: row.sends ?? 0,
  };
}

/** Runs `step` (one batch, answering the rows it changed) until a batch changes fewer than `size` or the job stops. */
async function inBatches(size: number, signal: AbortSignal | undefined, step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < size || signal?.aborted) return total;
  }
}

const changed = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);

/**
 * One invitation past its period: its invitees who never pledged (and are no account's) anonymised with their
 * sends and those sends' events, in batches, each its own transaction. Flags, test groups, codes, counts and
 * the invitation's figures stay exactly as they were (nothing a count reads changes).
 */
async function anonymiseInvitation(db: Kysely<DB>, invitationId: number, size: number, signal?: AbortSignal) {
  const never = sql`invitation_id = ${invitationId} and legacy_pledge_at is null and account_id is null and email not like 'erased-%'`;
  let sends = 0;
  // Keyset: each batch starts after the last one's rows, so no batch walks again over the rows already done.
  let after = 0;
  const invitees = await inBatches(size, signal, () =>
    db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        select id from invitees where ${never} and id > ${after} order by id limit ${size} for update skip locked`.execute(
        trx,
      );
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return 0;
      after = ids[ids.length - 1]!;
      const batch = sql`${ids}::int[]`;
      await sql`update email_events set ${ANONYMISED.event}
        where send_id in (select id from email_sends where invitee_id = any(${batch}))`.execute(trx);
      sends += changed(
        await sql`update email_sends set ${ANONYMISED.send} where invitee_id = any(${batch}) and email_to not like 'erased-%'`.execute(
          trx,
        ),
      );
      return changed(await sql`update invitees set ${ANONYMISED.invitee} where id = any(${batch})`.execute(trx));
    }),
  );
  await db
    .insertInto('privacyRetention')
    .values({ invitationId, invitees, sends, anonymisedAt: new Date() })
    .onConflict((oc) =>
      oc.column('invitationId').doUpdateSet({
        invitees: sql`privacy_retention.invitees + excluded.invitees`,
        sends: sql`privacy_retention.sends + excluded.sends`,
        anonymisedAt: sql`now()`,
      }),
    )
    .execute();
  return { invitees, sends };
}

/**
 * The nightly retention (issue 36, docs/privacy.md):
 * 1. invitations whose deadline is more than `inviteeDays` ago and not yet done: their never-pledged invitees
 *    anonymised (anonymiseInvitation), recorded in privacy_retention;
 * 2. postal mailing files (the letters' zip and the recipients' CSV) older than `inviteeDays` deleted from
 *    storage; the mailing's row stays with its counts;
 * 3. every send older than `sendLogDays` anonymised, with its events.
 * Idempotent: each step picks only what is not done yet.
 */
export async function runRetention(
  db: Kysely<DB>,
  storage: Storage,
  { inviteeDays, sendLogDays, batchSize = BATCH, signal }: RetentionSettings,
): Promise<RetentionOutcome> {
  const out: RetentionOutcome = { invitations: 0, invitees: 0, sends: 0, postalFiles: 0 };
  const due = await db
    .selectFrom('invitations as i')
    .select('i.id')
    .where(sql<boolean>`i.deadline < current_date - ${inviteeDays}::int`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('privacyRetention as r').select('r.invitationId').whereRef('r.invitationId', '=', 'i.id'),
        ),
      ),
    )
    .orderBy('i.id')
    .execute();
  for (const { id } of due) {
    if (signal?.aborted) return out;
    const done = await anonymiseInvitation(db, id, batchSize, signal);
    out.invitations++;
    out.invitees += done.invitees;
    out.sends += done.sends;
  }

  const files = await sql<{ mailId: number; fileId: number; storageKey: string }>`
    select m.id as mail_id, f.id as file_id, f.storage_key from postal_mails m
    join files f on f.id in (m.file_id, m.upload_csv_id)
    where m.created_at < now() - make_interval(days => ${inviteeDays})`.execute(db);
  for (const f of files.rows) {
    await storage.delete(f.storageKey);
    await db.transaction().execute(async (trx) => {
      await sql`update postal_mails set file_id = case when file_id = ${f.fileId} then null else file_id end,
        upload_csv_id = case when upload_csv_id = ${f.fileId} then null else upload_csv_id end where id = ${f.mailId}`.execute(
        trx,
      );
      await trx.deleteFrom('files').where('id', '=', f.fileId).execute();
    });
    out.postalFiles++;
  }

  out.sends += await inBatches(batchSize, signal, () =>
    db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        select id from email_sends where email_to not like 'erased-%'
          and queued_at < now() - make_interval(days => ${sendLogDays}) and status <> 'queued'
        order by queued_at limit ${batchSize} for update skip locked`.execute(trx);
      const ids = sql`${rows.map((r) => r.id)}::int[]`;
      if (rows.length === 0) return 0;
      await sql`update email_events set ${ANONYMISED.event} where send_id = any(${ids})`.execute(trx);
      return changed(await sql`update email_sends set ${ANONYMISED.send} where id = any(${ids})`.execute(trx));
    }),
  );
  return out;
}
