import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { EmailSourceKey, EmailType } from '../db/tables/email.js';
import type { AppJobs } from '../db/job-queue.js';
import { AppError } from '../errors.js';
import { resolveTokens, type TokenRef } from '../services/tokens/index.js';
import { writeAuditRow } from '../services/audit/write-audit-row.js';
import { SUPPRESSED_MESSAGE, queueEmails } from '../services/mail/send.js';

/**
 * Queues a test send of a template version to `toEmail` with the tokens of `ref` (an invitee or a
 * member), logged under a test source. Each test is a new send (its own recipient key), so repeating
 * one sends again; a blocked address answers 409 instead of a success. Answers the send's id. The test is
 * audited in the same transaction as its send, against `audited` (the template or reminder tested).
 * @example await queueTestSend(db, jobs, { source: 'invitation_email_test', sourceId: '12', templateVersionId, toEmail, emailType: 'Invitation', ref: { inviteeId } })
 */
export async function queueTestSend(
  db: Db,
  jobs: AppJobs,
  test: {
    source: EmailSourceKey;
    sourceId: string;
    templateVersionId: number;
    toEmail: string;
    emailType: EmailType;
    ref: TokenRef;
    audited: { entity: string; entityId: number };
  },
): Promise<number | null> {
  const { values } = await resolveTokens(db, test.ref);
  const key = test.ref.inviteeId !== undefined ? `invitee:${test.ref.inviteeId}` : `member:${test.ref.accountId}`;
  const run = async (trx: Db) => {
    const queued = await queueEmails(trx, jobs, {
      source: test.source,
      sourceId: test.sourceId,
      templateVersionId: test.templateVersionId,
      emails: [
        { recipientKey: `${key}:${randomUUID()}`, to: test.toEmail, emailType: test.emailType, values, ...test.ref },
      ],
    });
    const detail = {
      toEmail: test.toEmail,
      sendId: queued.sendIds[0] ?? null,
      suppressed: queued.suppressed > 0,
      ...test.ref,
    };
    await writeAuditRow(trx, { action: 'test-send', ...test.audited, detail });
    return queued;
  };
  const result = await (db.isTransaction ? run(db) : db.transaction().execute(run));
  if (result.suppressed) throw new AppError(409, SUPPRESSED_MESSAGE);
  return result.sendIds[0] ?? null;
}
