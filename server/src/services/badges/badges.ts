import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SecretKeys } from '../auth/secret-box.js';
import { societySettings } from '../receipts/society.js';
import { buildCredential, signCredential } from './credential.js';
import { issuerKey, type IssuerKey } from './issuer.js';

/*
 * Open Badges for completed programs (issue 38 §4). A program is completed when its learning progress has a
 * finishedAt (spec 03: every required step done). Its credential is issued once per member and program when that
 * happens (the `issue-badges` job queued with the finish), and a look at the badges (the member's list, staff's
 * account panel) issues any still missing (a finish recorded before badges existed): the unique (account,
 * program) row makes the job and concurrent looks agree. Revoking sets the credential's bit in the status list.
 */

export type BadgeRow = {
  id: string;
  programId: number;
  name: string;
  issuedAt: Date;
  revokedAt: Date | null;
  statusIndex: number;
  jwt: string;
  credential: Record<string, unknown>;
};

export type BadgeSubject = {
  /** Given when the badge it replaces names it first (rotate.ts). */
  id?: string;
  accountId: number;
  email: string;
  issuedAt: Date;
  program: { id: number; slug: string; name: string; summary: string | null };
};

/**
 * Signs and stores one credential with `key` as the account and program's current badge; answers its id, or
 * undefined when they have one already.
 */
export async function issueBadge(
  db: Db,
  ctx: { key: IssuerKey; base: string; society: { name: string } },
  b: BadgeSubject,
): Promise<string | undefined> {
  const id = b.id ?? randomUUID();
  const { statusIndex } = await sql<{ statusIndex: number }>`
    select nextval(pg_get_serial_sequence('badge_credentials', 'status_index'))::int as status_index`
    .execute(db)
    .then((r) => r.rows[0]!);
  const credential = buildCredential({
    id,
    base: ctx.base,
    issuedAt: b.issuedAt,
    statusIndex,
    society: ctx.society,
    recipient: { email: b.email },
    program: b.program,
  });
  const jwt = await signCredential(credential, ctx.key);
  const inserted = await db
    .insertInto('badgeCredentials')
    .values({
      id,
      accountId: b.accountId,
      programId: b.program.id,
      statusIndex,
      credential: JSON.stringify(credential),
      jwt,
      issuedAt: b.issuedAt,
      issuerKey: ctx.key.number,
    })
    .onConflict((oc) => oc.columns(['accountId', 'programId']).where('replacedBy', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Issues the credentials of the account's completed programs that have none yet; answers how many it issued. */
export async function issueCompletedBadges(db: Db, keys: SecretKeys, base: string, accountId: number) {
  const due = await db
    .selectFrom('learningProgramProgress as lp')
    .innerJoin('programs as p', 'p.id', 'lp.programId')
    .innerJoin('accounts as a', 'a.id', 'lp.accountId')
    .leftJoin('badgeCredentials as b', (j) =>
      j.onRef('b.programId', '=', 'lp.programId').onRef('b.accountId', '=', 'lp.accountId'),
    )
    .select(['p.id', 'p.slug', 'p.name', 'p.summary', 'a.email', 'lp.finishedAt'])
    .where('lp.accountId', '=', accountId)
    .where('lp.finishedAt', 'is not', null)
    .where('b.id', 'is', null)
    .execute();
  if (due.length === 0) return 0;
  const [key, society] = await Promise.all([issuerKey(db, keys, base), societySettings(db)]);
  let issued = 0;
  for (const { email, finishedAt, ...program } of due) {
    if (await issueBadge(db, { key, base, society }, { accountId, email, issuedAt: finishedAt!, program })) issued++;
  }
  return issued;
}

function badgeQuery(db: Db) {
  return db
    .selectFrom('badgeCredentials as b')
    .innerJoin('programs as p', 'p.id', 'b.programId')
    .select(['b.id', 'b.programId', 'p.name', 'b.issuedAt', 'b.revokedAt', 'b.statusIndex', 'b.jwt', 'b.credential']);
}

/** The account's current badges (one reissued in another's place stands for it). */
export const accountBadges = (db: Db, accountId: number): Promise<BadgeRow[]> =>
  badgeQuery(db)
    .where('b.accountId', '=', accountId)
    .where('b.replacedBy', 'is', null)
    .orderBy('b.issuedAt', 'desc')
    .execute();

export async function findBadge(db: Db, id: string): Promise<(BadgeRow & { accountId: number }) | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return badgeQuery(db).select('b.accountId').where('b.id', '=', id).executeTakeFirst();
}

/** Staff revoke one of the account's badges (audited by the row trigger); false when there is no such live badge. */
export async function revokeBadge(db: Db, accountId: number, id: string): Promise<boolean> {
  const row = await db
    .updateTable('badgeCredentials')
    .set({ revokedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('accountId', '=', accountId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The status list indexes of revoked badges. */
export async function revokedIndexes(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('badgeCredentials')
    .select('statusIndex')
    .where('revokedAt', 'is not', null)
    .execute();
  return rows.map((r) => r.statusIndex);
}
