import type { Db } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';
import { queueEmails } from '../mail/send.js';

/** A member whose badges a rotation reissued, and the programs of those badges. */
export type ReissuedTo = { accountId: number; email: string; firstName: string; programs: string[] };

/** 'A', 'A and B', 'A, B and C'. */
export function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Tells each member whose badges a leaked key's rotation reissued, in one email, why and where the new badge is
 * (`PUBLIC_URL/member`): the system message `badge_reissued` through the send log and delivery job, queued in the
 * rotation's transaction. Keyed by the rotation's new key and the account, so a rotation emails a member once,
 * and a delivery pass that runs again sends nothing more (issue 38 §4).
 */
export async function queueReissueNotices(
  trx: Db,
  jobs: AppJobs,
  notice: { rotation: string; base: string; society: string; members: ReissuedTo[] },
) {
  if (!notice.members.length) return;
  const memberUrl = `${notice.base.replace(/\/$/, '')}/member`;
  await queueEmails(trx, jobs, {
    source: 'badge_reissued',
    sourceId: notice.rotation,
    templateVersionId: null,
    emails: notice.members.map((m) => ({
      recipientKey: `account:${m.accountId}`,
      to: m.email,
      emailType: 'Transactional',
      accountId: m.accountId,
      values: { firstName: m.firstName, society: notice.society, badges: listed(m.programs), memberUrl },
    })),
  });
}
