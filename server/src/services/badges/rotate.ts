import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';
import type { SecretKeys } from '../auth/secret-box.js';
import { writeAuditRow } from '../audit/write-audit-row.js';
import { societySettings } from '../receipts/society.js';
import { issueBadge } from './badges.js';
import { issuerKey, issuerKeyName, newIssuerKeyPair } from './issuer.js';
import { queueReissueNotices, type ReissuedTo } from './reissue-notice.js';

/*
 * Rotating the issuer's signing key (issue 38 §4, §7): a new Ed25519 pair, key-{n+1}, signs the badges issued
 * from then on. The old key stays published (PUBLIC_URL/issuer/key-{n}), so the badges it signed keep verifying.
 * When staff say the old key leaked, it is withdrawn instead (no longer vouched for by the issuer profile), and
 * each live badge it signed is revoked through the status list and reissued, signed by the new key, for the same
 * program and completion date; each member whose badges were reissued is emailed once (reissue-notice.ts). One
 * rotation at a time (the settings row is locked); audited.
 */

export type Rotation = { key: string; previous: string | null; revoked: number; reissued: number };

/** The badges the key signed that still stand (the leaked key's count on the settings screen). */
export const liveBadgesOf = (db: Db, number: number) =>
  db
    .selectFrom('badgeCredentials')
    .where('issuerKey', '=', number)
    .where('revokedAt', 'is', null)
    .where('replacedBy', 'is', null);

async function reissueSignedBy(trx: Db, keys: SecretKeys, base: string, number: number) {
  const [key, society] = await Promise.all([issuerKey(trx, keys, base), societySettings(trx)]);
  const badges = await liveBadgesOf(trx, number)
    .innerJoin('programs as p', 'p.id', 'badgeCredentials.programId')
    .innerJoin('accounts as a', 'a.id', 'badgeCredentials.accountId')
    .select(['badgeCredentials.id as oldId', 'badgeCredentials.accountId', 'badgeCredentials.issuedAt', 'a.email'])
    .select('a.firstName')
    .select(['p.id', 'p.slug', 'p.name', 'p.summary'])
    .forUpdate()
    .execute();
  const members = new Map<number, ReissuedTo>();
  for (const { oldId, accountId, issuedAt, email, firstName, ...program } of badges) {
    const id = randomUUID();
    // The old badge names its successor first (checked at commit), so the new one is the current badge.
    await trx
      .updateTable('badgeCredentials')
      .set({ revokedAt: sql<Date>`now()`, replacedBy: id })
      .where('id', '=', oldId)
      .execute();
    if (!(await issueBadge(trx, { key, base, society }, { id, accountId, email, issuedAt, program }))) continue;
    const member = members.get(accountId) ?? { accountId, email, firstName, programs: [] };
    member.programs.push(program.name);
    members.set(accountId, member);
  }
  const reissued = [...members.values()].reduce((n, m) => n + m.programs.length, 0);
  return { revoked: badges.length, reissued, members: [...members.values()], society: society.name };
}

export async function rotateIssuerKey(
  db: Db,
  keys: SecretKeys,
  base: string,
  // A leaked key's rotation emails the members whose badges it reissues: through `jobs`, the delivery queue.
  options: { leaked: false } | { leaked: boolean; jobs: AppJobs },
): Promise<Rotation> {
  const { leaked } = options;
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('societySettings').select('id').forUpdate().execute();
    const current = await trx
      .selectFrom('issuerKeys')
      .select('number')
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    const number = (current?.number ?? 0) + 1;
    await trx
      .insertInto('issuerKeys')
      .values({ number, ...(await newIssuerKeyPair(trx, keys)) })
      .execute();
    let counts = { revoked: 0, reissued: 0 };
    if (leaked && current) {
      await trx
        .updateTable('issuerKeys')
        .set({ withdrawnAt: sql<Date>`now()` })
        .where('number', '=', current.number)
        .execute();
      const { members, society, ...reissue } = await reissueSignedBy(trx, keys, base, current.number);
      counts = reissue;
      if ('jobs' in options)
        await queueReissueNotices(trx, options.jobs, { rotation: issuerKeyName(number), base, society, members });
    }
    const rotation = {
      key: issuerKeyName(number),
      previous: current ? issuerKeyName(current.number) : null,
      ...counts,
    };
    await writeAuditRow(trx, {
      action: 'issuer-key-rotated',
      entity: 'issuer_keys',
      entityId: rotation.key,
      detail: { previous: rotation.previous, leaked, revoked: counts.revoked, reissued: counts.reissued },
    });
    return rotation;
  });
}
