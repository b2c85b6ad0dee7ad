import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, Db } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';
import { audienceCondition } from '../audience/index.js';
import { queueInviteeEmails, type InviteeBatchReport } from '../mail/invitee-batch.js';
import { notPaused } from '../deliverability/guard-pauses.js';

/**
 * A reminder In Progress whose run has not marked itself alive (after every batch of 2,000 invitees)
 * for this long is queued again: a fallback for a run whose job used up its retries while workers kept
 * dying (a dead worker's attempt itself is retried by the job queue within seconds). A second run of a
 * live one does no harm: each invitee is queued once.
 */
export const STALE_RUN_MINUTES = 5;

/**
 * Starts the reminders whose hour has come (spec 02: "at sendScheduledAt"): each not-started one
 * scheduled up to now gets sendStartedAt, 'In Progress' and the template's current version, and a
 * `send-reminder` job, in one transaction (the job exists only if the claim does, and two passes cannot
 * claim one reminder: the update takes its row). A run that died (In Progress, silent for
 * STALE_RUN_MINUTES) is queued again; it resumes where it stopped. Answers the ids queued.
 */
export async function startDueReminders(db: Kysely<DB>, jobs: AppJobs, now = new Date()): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('invitationEmails as e')
      .set({
        sendStartedAt: now,
        sendStatus: 'In Progress',
        updatedAt: now,
        templateVersionId: sql<
          number | null
        >`(select v.id from email_template_versions v join email_templates t on t.id = v.template_id and t.version = v.version where t.id = e.template_id)`,
      })
      .where('e.sendStartedAt', 'is', null)
      .where('e.sendScheduledAt', '<=', now)
      // A bounce or complaint guard's live pause holds the invitation's new reminders (issue 37 §3).
      .where(notPaused())
      .returning(['e.id', 'e.invitationId'])
      .execute();
    const stale = await trx
      .updateTable('invitationEmails')
      .set({ updatedAt: now })
      .where('sendStatus', '=', 'In Progress')
      .where('updatedAt', '<', new Date(now.getTime() - STALE_RUN_MINUTES * 60_000))
      .returning(['id', 'invitationId'])
      .execute();
    for (const { id } of [...claimed, ...stale]) await jobs.send('send-reminder', { reminderId: id }, { db: trx });
    const invitations = [...new Set(claimed.map((r) => r.invitationId))];
    if (invitations.length) {
      await trx
        .updateTable('invitations')
        .set({ status: 'Sending' })
        .where('id', 'in', invitations)
        .where('status', '=', 'Ready')
        .execute();
    }
    return [...claimed, ...stale].map((r) => r.id);
  });
}

/** Back to Ready once nothing of the invitation is In Progress (its reminders and postal mailings). */
export async function settleInvitationStatus(db: Db, invitationId: number): Promise<void> {
  await sql`
    update invitations set status = 'Ready' where id = ${invitationId} and status = 'Sending'
      and not exists (select 1 from invitation_emails where invitation_id = ${invitationId} and send_status = 'In Progress')
      and not exists (select 1 from postal_mails where invitation_id = ${invitationId} and upload_status = 'In Progress')`.execute(
    db,
  );
}

async function finish(
  db: Kysely<DB>,
  reminderId: number,
  invitationId: number,
  outcome: { status: 'Success' | 'Failed'; reason?: string; recipients?: number },
) {
  await db
    .updateTable('invitationEmails')
    .set({
      sendStatus: outcome.status,
      sendStatusReason: outcome.reason ?? null,
      recipients: outcome.recipients ?? null,
      updatedAt: new Date(),
    })
    .where('id', '=', reminderId)
    .where('sendStatus', '=', 'In Progress')
    .execute();
  await settleInvitationStatus(db, invitationId);
}

/** Why a claimed reminder cannot send, or undefined when it can. */
function refusal(r: {
  templateVersionId: number | null;
  templateEnabled: boolean;
  templateType: string;
  deliverEmails: boolean;
  status: string;
}) {
  if (!r.deliverEmails) return 'The invitation does not deliver emails';
  if (r.status === 'Draft' || r.status === 'DB Processing') return "The invitation's database has not been processed";
  if (!r.templateEnabled || r.templateType !== 'Invitation' || !r.templateVersionId)
    return 'The template is disabled or no longer an Invitation template';
  return undefined;
}

/**
 * Sends one claimed reminder (the `send-reminder` job): the invitation's valid, not removed invitees of
 * its bucket and segment, each once (keyed by invitee under source 'invitation_email' and the reminder's
 * id), rendered from the version claimed at start; blocked addresses are logged as suppressed, not sent.
 * Ends Success with the recipients selected, or Failed with a reason. `lastAttempt`: a thrown error is
 * final (recorded as Failed) rather than retried.
 */
export async function sendReminder(
  db: Kysely<DB>,
  jobs: AppJobs,
  reminderId: number,
  opts: { lastAttempt: boolean; log?: FastifyBaseLogger; signal?: AbortSignal },
): Promise<InviteeBatchReport | undefined> {
  const r = await db
    .selectFrom('invitationEmails as e')
    .innerJoin('invitations as inv', 'inv.id', 'e.invitationId')
    .innerJoin('emailTemplates as t', 't.id', 'e.templateId')
    .select(['e.id', 'e.invitationId', 'e.inviteCount', 'e.testValue', 'e.sendStatus', 'e.templateVersionId'])
    .select(['t.enabled as templateEnabled', 't.templateType', 'inv.deliverEmails', 'inv.status'])
    .where('e.id', '=', reminderId)
    .executeTakeFirst();
  if (!r || r.sendStatus !== 'In Progress') return undefined;
  const refused = refusal(r);
  if (refused) {
    await finish(db, r.id, r.invitationId, { status: 'Failed', reason: refused });
    return undefined;
  }
  try {
    const report = await queueInviteeEmails(db, jobs, {
      source: 'invitation_email',
      sourceId: String(r.id),
      templateVersionId: r.templateVersionId!,
      where: audienceCondition(r.invitationId, r),
      signal: opts.signal,
      heartbeat: async () =>
        void (await db.updateTable('invitationEmails').set({ updatedAt: new Date() }).where('id', '=', r.id).execute()),
    });
    await finish(db, r.id, r.invitationId, { status: 'Success', recipients: report.selected });
    opts.log?.info({ reminderId, ...report }, 'reminder queued');
    return report;
  } catch (err) {
    if (opts.lastAttempt)
      await finish(db, r.id, r.invitationId, { status: 'Failed', reason: (err as Error).message || 'Sending failed' });
    throw err;
  }
}
