import type { RawBuilder } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { EmailSourceKey } from '../../db/tables/email.js';
import type { AppJobs } from '../../db/job-queue.js';
import { resolveTokensMany } from '../tokens/index.js';
import { queueEmails } from './send.js';

const BATCH = 2000;

export type InviteeBatchReport = { selected: number; queued: number; suppressed: number; duplicates: number };

/**
 * Queues one email per invitee matching `where` (a condition on `invitees as iv`), in id order and in
 * batches of 2,000, each batch in its own transaction: tokens resolved for the batch at once, one send
 * per invitee keyed by its id under (source, sourceId), so a run repeated after a crash finds the invitees
 * already queued as duplicates and sends them nothing. `heartbeat` runs after each batch (e.g. to mark
 * the run alive); `signal` stops between batches.
 * @example await queueInviteeEmails(db, jobs, { source: 'invitation_email', sourceId: '12', templateVersionId , where })
 */
export async function queueInviteeEmails(
  db: Kysely<DB>,
  jobs: AppJobs,
  run: {
    source: EmailSourceKey;
    sourceId: string;
    templateVersionId: number;
    where: RawBuilder<boolean>;
    heartbeat?: () => Promise<void>;
    signal?: AbortSignal;
  },
): Promise<InviteeBatchReport> {
  const report: InviteeBatchReport = { selected: 0, queued: 0, suppressed: 0, duplicates: 0 };
  let after = 0;
  for (;;) {
    run.signal?.throwIfAborted();
    const batch = await db
      .selectFrom('invitees as iv')
      .select(['iv.id', 'iv.email', 'iv.invitationId'])
      .where(run.where)
      .where('iv.id', '>', after)
      .orderBy('iv.id')
      .limit(BATCH)
      .execute();
    if (!batch.length) return report;
    after = batch[batch.length - 1]!.id;
    const refs = batch.map((iv) => ({ inviteeId: iv.id, invitationId: iv.invitationId }));
    const tokens = await resolveTokensMany(db, refs);
    const queued = await queueEmails(db, jobs, {
      source: run.source,
      sourceId: run.sourceId,
      templateVersionId: run.templateVersionId,
      emails: batch.map((iv, i) => ({
        recipientKey: String(iv.id),
        to: iv.email,
        emailType: 'Invitation' as const,
        values: tokens[i]!.values,
        inviteeId: iv.id,
        invitationId: iv.invitationId,
      })),
    });
    report.selected += batch.length;
    report.queued += queued.queued;
    report.suppressed += queued.suppressed;
    report.duplicates += queued.duplicates;
    await run.heartbeat?.();
  }
}
