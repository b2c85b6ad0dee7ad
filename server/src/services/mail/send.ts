import type { Db } from '../../db/database.js';
import type { EmailSourceKey, EmailType } from '../../db/tables/email.js';
import type { AppJobs } from '../../db/job-queue.js';
import { compiledVersion, personalise } from './render.js';
import { normalizeEmail, suppressedAddresses } from './suppression.js';
import { systemMessage } from './system-messages.js';

/** One recipient of a batch. `recipientKey` is unique within (source, sourceId): the same key twice is one send. */
export type OutgoingEmail = {
  recipientKey: string;
  to: string;
  emailType: EmailType;
  /** Token values by token id (the unsubscribe link is added at delivery: it names the send, or '0' for a test). */
  values: Record<string, string>;
  accountId?: number;
  inviteeId?: number;
  invitationId?: number;
};

export type QueuedBatch = {
  /** Ids of the rows this call wrote (queued and suppressed), in the order of `emails`; duplicates have none. */
  sendIds: number[];
  queued: number;
  suppressed: number;
  /** Recipients already in the log for this (source, sourceId): nothing new written or sent. */
  duplicates: number;
};

export const SUPPRESSED_MESSAGE = 'Not sent: the address is blocked';
const CHUNK = 2000;

/**
 * Records a batch of emails in the send log and asks for their delivery, in one transaction: each
 * recipient becomes an email_sends row (unique per source, sourceId, recipientKey: a recipient already
 * there is a duplicate and gets nothing), blocked addresses are written as 'suppressed' and never sent,
 * and a `deliver-emails` job is queued in the same transaction, so the job exists only if the rows do.
 * The subject is personalised now (the log shows it before the message leaves).
 * @example await queueEmails(db, app.jobs, { source: 'welcome_email', sourceId: String(accountId), templateVersionId, emails: [...] })
 */
export async function queueEmails(
  db: Db,
  jobs: AppJobs,
  // `templateVersionId` null: the source's system message (system-messages.ts), not a staff template.
  batch: { source: EmailSourceKey; sourceId: string; templateVersionId: number | null; emails: OutgoingEmail[] },
): Promise<QueuedBatch> {
  const compiled =
    batch.templateVersionId === null
      ? await systemMessage(batch.source)
      : await compiledVersion(db, batch.templateVersionId);
  const run = async (trx: Db): Promise<QueuedBatch> => {
    const blocked = new Map<EmailType, Set<string>>();
    for (const type of new Set(batch.emails.map((e) => e.emailType))) {
      blocked.set(
        type,
        await suppressedAddresses(
          trx,
          batch.emails.filter((e) => e.emailType === type).map((e) => e.to),
          type,
        ),
      );
    }
    const result: QueuedBatch = { sendIds: [], queued: 0, suppressed: 0, duplicates: 0 };
    for (let i = 0; i < batch.emails.length; i += CHUNK) {
      const chunk = batch.emails.slice(i, i + CHUNK);
      const rows = chunk.map((e) => {
        const isBlocked = blocked.get(e.emailType)!.has(normalizeEmail(e.to));
        return {
          source: batch.source,
          sourceId: batch.sourceId,
          recipientKey: e.recipientKey,
          emailTo: e.to.trim(),
          emailType: e.emailType,
          templateVersionId: batch.templateVersionId,
          accountId: e.accountId ?? null,
          inviteeId: e.inviteeId ?? null,
          invitationId: e.invitationId ?? null,
          tokenValues: JSON.stringify(e.values),
          subject: personalise({ ...compiled, html: [], text: [] }, e.values).subject,
          status: isBlocked ? ('suppressed' as const) : ('queued' as const),
          sendStatusMessage: isBlocked ? SUPPRESSED_MESSAGE : null,
        };
      });
      const written = await trx
        .insertInto('emailSends')
        .values(rows)
        .onConflict((oc) => oc.columns(['source', 'sourceId', 'recipientKey']).doNothing())
        .returning(['id', 'recipientKey', 'status'])
        .execute();
      const idByKey = new Map(written.map((w) => [w.recipientKey, w]));
      for (const e of chunk) {
        const w = idByKey.get(e.recipientKey);
        if (!w) continue;
        idByKey.delete(e.recipientKey); // the same key twice in one batch: the first is the send
        result.sendIds.push(w.id);
        if (w.status === 'suppressed') result.suppressed++;
        else result.queued++;
      }
    }
    result.duplicates = batch.emails.length - result.queued - result.suppressed;
    if (result.queued > 0) await jobs.send('deliver-emails', {}, { db: trx });
    return result;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
