import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';
import { queueInviteeEmails } from '../mail/invitee-batch.js';
import { latestEnabledVersion } from '../mail/template-version.js';
import { notPaused } from '../deliverability/guard-pauses.js';

/** Spec 02 §9: the tickler reaches invitees who pledged this many days ago or more and have not paid. */
export const TICKLER_DAYS = 3;

/** `held`: invitations whose tickler a guard's live pause holds (issue 37 §3). */
export type TicklerReport = { invitations: number; queued: number; suppressed: number; held: number; skipped?: string };

/**
 * One tickler pass (spec 02 §4): for every invitation with enableTickler, the enabled InvitationTickler
 * template (the newest) goes to each valid invitee who pledged TICKLER_DAYS days ago or more and has not
 * paid. Each invitee gets it once per invitation, ever: the send is keyed by invitee under source
 * 'invitation_tickler' and the invitation's id, so every later pass finds the earlier ones as duplicates.
 * Reads the pledged invitees through their partial index (pledges are few), never every invitee.
 * A bounce or complaint guard's live pause (the invitation's, or the account-wide one: everything) holds it: nothing
 * is queued until the audited resume, when the next pass queues what is due (issue 37 §3).
 */
export async function runTickler(
  db: Kysely<DB>,
  jobs: AppJobs,
  opts: { now?: Date; log?: FastifyBaseLogger; signal?: AbortSignal } = {},
): Promise<TicklerReport> {
  const now = opts.now ?? new Date();
  const versionId = await latestEnabledVersion(db, 'InvitationTickler');
  if (!versionId)
    return { invitations: 0, queued: 0, suppressed: 0, held: 0, skipped: 'No enabled InvitationTickler template' };
  const invitations = await db
    .selectFrom('invitations')
    .select(['id', notPaused(sql.ref('invitations.id')).as('live')])
    .where('enableTickler', '=', true)
    .where('deliverEmails', '=', true)
    .where('status', 'in', ['Ready', 'Sending', 'Completed'])
    .execute();
  const cutoff = new Date(now.getTime() - TICKLER_DAYS * 86_400_000);
  const live = invitations.filter((i) => i.live);
  const held = invitations.length - live.length;
  const report: TicklerReport = { invitations: invitations.length, queued: 0, suppressed: 0, held };
  if (held) opts.log?.warn({ held }, 'tickler held by a bounce or complaint guard pause');
  for (const { id } of live) {
    const result = await queueInviteeEmails(db, jobs, {
      source: 'invitation_tickler',
      sourceId: String(id),
      templateVersionId: versionId,
      where: sql<boolean>`iv.invitation_id = ${id} and not iv.removed and iv.legacy_pledge_at is not null
        and iv.legacy_pledge_at <= ${cutoff} and iv.legacy_paid_at is null`,
      signal: opts.signal,
    });
    report.queued += result.queued;
    report.suppressed += result.suppressed;
  }
  if (report.queued) opts.log?.info(report, 'tickler queued');
  return report;
}
