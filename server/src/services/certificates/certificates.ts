import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';

/*
 * Membership certificates (issue 38 §3): a member's certificate is issued on first request and stays the same
 * (id, number) until staff revoke or reissue it; a revoked one still verifies, as revoked. At most one live
 * certificate per account (migration 0036b's certificates_live index).
 */

export type CertificateState = 'valid' | 'revoked';

/** What the certificate shows and the verification page answers. */
export type CertificateFacts = {
  id: string;
  number: string;
  accountId: number;
  state: CertificateState;
  issuedAt: Date;
  revokedAt: Date | null;
  name: string;
  chapter: string | null;
  institution: string | null;
  memberSince: Date | null;
  directoryOptOut: boolean;
  chapterId: number | null;
};

function factsQuery(db: Db) {
  return db
    .selectFrom('certificates as c')
    .innerJoin('accounts as a', 'a.id', 'c.accountId')
    .leftJoin('memberProfiles as m', 'm.id', 'a.id')
    .leftJoin('chapters as ch', 'ch.id', 'a.chapterId')
    .leftJoin('institutions as i', (j) =>
      j.on((eb) => eb('i.id', '=', eb.fn.coalesce('a.institutionId', 'ch.institutionId'))),
    )
    .select([
      'c.id',
      'c.number',
      'c.accountId',
      'c.issuedAt',
      'c.revokedAt',
      'a.memberAt as memberSince',
      'ch.name as chapter',
      'ch.id as chapterId',
      'i.name as institution',
      sql<string>`coalesce(nullif(trim(m.certificate_name), ''), trim(a.first_name || ' ' || a.last_name))`.as('name'),
      'a.directoryOptOut',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof factsQuery>['executeTakeFirstOrThrow']>>;
const toFacts = (r: Row): CertificateFacts => ({ ...r, state: r.revokedAt ? 'revoked' : 'valid' });

/** A certificate by its public id (any state); undefined for an unknown id. */
export async function findCertificate(db: Db, id: string): Promise<CertificateFacts | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const row = await factsQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row && toFacts(row);
}

/** The account's live certificate, if it has one. */
export async function liveCertificate(db: Db, accountId: number): Promise<CertificateFacts | undefined> {
  const row = await factsQuery(db)
    .where('c.accountId', '=', accountId)
    .where('c.revokedAt', 'is', null)
    .executeTakeFirst();
  return row && toFacts(row);
}

/**
 * The member's live certificate, issued now when they have none yet (and are a member: undefined for a pledge,
 * or when staff revoked it and did not reissue). Concurrent first calls agree on one (the unique live index).
 */
export async function memberCertificate(db: Db, accountId: number): Promise<CertificateFacts | undefined> {
  const live = await liveCertificate(db, accountId);
  if (live) return live;
  const account = await db.selectFrom('accounts').select('memberAt').where('id', '=', accountId).executeTakeFirst();
  if (!account?.memberAt) return undefined;
  const revoked = await db
    .selectFrom('certificates')
    .select('id')
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  if (revoked) return undefined;
  await sql`insert into certificates (account_id) values (${accountId}) on conflict do nothing`.execute(db);
  return liveCertificate(db, accountId);
}

/** Staff revoke the account's live certificate (audited by the row trigger); false when there is none. */
export async function revokeCertificate(db: Db, accountId: number, by: number | null, reason: string) {
  const row = await db
    .updateTable('certificates')
    .set({ revokedAt: sql<Date>`now()`, revokedBy: by, revokedReason: reason })
    .where('accountId', '=', accountId)
    .where('revokedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Staff reissue the account's certificate (audited by the row trigger): the live one, if any, is revoked and a
 * new one (new id and number) issued, e.g. after a name change. Undefined for an account that is not a member.
 */
export async function reissueCertificate(trx: Trx, accountId: number, by: number | null) {
  const account = await trx
    .selectFrom('accounts')
    .select('memberAt')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!account?.memberAt) return undefined;
  await revokeCertificate(trx, accountId, by, 'Reissued');
  await trx.insertInto('certificates').values({ accountId }).execute();
  return liveCertificate(trx, accountId);
}

/** What anyone may learn about a certificate (the verification call and page). */
export type PublicCertificate = {
  state: CertificateState;
  /** Null when the member opted out of the directory and `number` is not the certificate's. */
  name: string | null;
  chapter: string | null;
  institution: string | null;
  memberSince: string | null;
  nameNeedsNumber: boolean;
};

/**
 * A certificate's public facts; undefined for an unknown id. A member who opted out of the directory is named only
 * to someone who gives the certificate's number (printed on it, beside the QR code).
 */
export async function publicCertificate(db: Db, id: string, number?: string): Promise<PublicCertificate | undefined> {
  const c = await findCertificate(db, id);
  if (!c) return undefined;
  const hidden = c.directoryOptOut && number?.trim().toUpperCase() !== c.number;
  return {
    state: c.state,
    name: hidden ? null : c.name,
    chapter: c.chapter,
    institution: c.institution,
    memberSince: c.memberSince ? c.memberSince.toISOString().slice(0, 10) : null,
    nameNeedsNumber: hidden,
  };
}
