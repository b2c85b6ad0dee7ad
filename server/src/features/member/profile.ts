import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { MemberProfile, MemberProfileInput, MemberStatus } from '@app/contract';
import { EMAIL_TAKEN } from '@app/contract';
import type { Db } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import type { AppJobs } from '../../db/job-queue.js';
import { AppError } from '../../errors.js';
import { queueEmails } from '../../services/mail/send.js';
import { normalizeEmail } from '../../services/mail/suppression.js';
import { baseOf, type LinkOptions } from '../../services/signed-link.js';

/*
 * The member's own profile (issue 38 §1). Writes run in the member's own audit context (routes.ts), so the row
 * triggers of migrations 0029a and 0036b record name, phone, address and certificate-name changes as theirs.
 * A new email address is confirmed by a single-use link (7 days) sent to it; only the token's SHA-256 is kept,
 * one live link per account, and the address changes only when the link is used.
 */

export const EMAIL_CHANGE_DAYS = 7;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function memberStatus(db: Db, accountId: number): Promise<MemberStatus> {
  const row = await db
    .selectFrom('accounts as a')
    .leftJoin('chapters as ch', 'ch.id', 'a.chapterId')
    .leftJoin('institutions as i', (j) =>
      j.on((eb) => eb('i.id', '=', eb.fn.coalesce('a.institutionId', 'ch.institutionId'))),
    )
    .select(['a.memberAt', 'a.pledgedAt', 'ch.name as chapter', 'i.name as institution'])
    .where('a.id', '=', accountId)
    .executeTakeFirstOrThrow();
  return {
    state: row.memberAt ? 'member' : row.pledgedAt ? 'pledge' : 'none',
    pledgedAt: iso(row.pledgedAt),
    memberSince: iso(row.memberAt),
    chapter: row.chapter,
    institution: row.institution,
  };
}

export async function memberProfile(db: Db, accountId: number): Promise<MemberProfile> {
  const [row, status] = await Promise.all([
    db
      .selectFrom('accounts as a')
      .leftJoin('memberProfiles as m', 'm.id', 'a.id')
      .select((eb) => [
        'a.firstName',
        'a.lastName',
        'a.email',
        'a.phone',
        'a.address',
        'm.certificateName',
        'a.directoryOptOut',
        eb
          .selectFrom('emailChanges as e')
          .select('e.newEmail')
          .whereRef('e.accountId', '=', 'a.id')
          .where('e.usedAt', 'is', null)
          .where('e.expiresAt', '>', sql<Date>`now()`)
          .as('pendingEmail'),
        eb
          .exists(
            eb
              .selectFrom('accountSecondFactors as f')
              .select('f.accountId')
              .whereRef('f.accountId', '=', 'a.id')
              .where('f.confirmedAt', 'is not', null),
          )
          .as('twoFactor'),
      ])
      .where('a.id', '=', accountId)
      .executeTakeFirstOrThrow(),
    memberStatus(db, accountId),
  ]);
  return { ...row, pendingEmail: row.pendingEmail ?? null, twoFactor: Boolean(row.twoFactor), status };
}

type SavedProfile = Omit<MemberProfileInput, 'address' | 'directoryOptOut'> & {
  address: NonNullable<MemberProfile['address']>;
  directoryOptOut: boolean;
};

/** Saves the member's own fields (call inside the member's audit context); the email is not among them. */
export async function saveMemberProfile(db: Db, accountId: number, input: SavedProfile): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('accounts')
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ?? null,
        address: JSON.stringify(input.address),
        directoryOptOut: input.directoryOptOut,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', accountId)
      .execute();
    await trx
      .insertInto('memberProfiles')
      .values({ id: accountId, certificateName: input.certificateName ?? null })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          certificateName: input.certificateName ?? null,
          updatedAt: sql<Date>`now()`,
        }),
      )
      .execute();
  });
}

async function emailTaken(db: Db, accountId: number, email: string): Promise<boolean> {
  const other = await db
    .selectFrom('accounts')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', accountId)
    .executeTakeFirst();
  return other !== undefined;
}

/**
 * Starts an email change: replaces the account's live link with a new one and queues its email to the new
 * address, in one transaction. 409 when the address belongs to another account.
 */
export async function requestEmailChange(db: Db, jobs: AppJobs, accountId: number, email: string, link: LinkOptions) {
  if (await emailTaken(db, accountId, email)) throw new AppError(409, EMAIL_TAKEN);
  await db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom('accounts')
      .select(['firstName'])
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('emailChanges').where('accountId', '=', accountId).where('usedAt', 'is', null).execute();
    const token = randomBytes(32).toString('base64url');
    const row = await trx
      .insertInto('emailChanges')
      .values({
        accountId,
        newEmail: email,
        tokenHash: tokenHash(token),
        expiresAt: sql<Date>`now() + make_interval(days => ${EMAIL_CHANGE_DAYS})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueEmails(trx, jobs, {
      source: 'email_change',
      sourceId: String(row.id),
      templateVersionId: null,
      emails: [
        {
          recipientKey: normalizeEmail(email),
          to: email,
          emailType: 'Transactional',
          values: { firstName: account.firstName, email, confirmUrl: `${baseOf(link)}/confirm-email?token=${token}` },
          accountId,
        },
      ],
    });
  });
}

/**
 * Uses a live email-change link once: the account's email becomes the new address (audited by the accounts row
 * trigger, the link's owner as actor). Undefined when the link is not live (used, expired,
 * replaced, unknown) or the address was taken meanwhile: then nothing changes.
 */
export async function confirmEmailChange(db: Db, token: string, address: string | null) {
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable('emailChanges')
      .set({ usedAt: sql<Date>`now()` })
      .where('tokenHash', '=', tokenHash(token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returning(['accountId', 'newEmail'])
      .executeTakeFirst();
    if (!link || (await emailTaken(trx, link.accountId, link.newEmail))) return undefined;
    // The change is the owner's own (they hold the link): the row trigger audits it as theirs.
    const actor = JSON.stringify({
      accountId: link.accountId,
      apiKeyId: null,
      address,
      detail: { via: 'email-change-link' },
    });
    await sql`select set_config('audit.context', ${actor}, true)`.execute(trx);
    await trx
      .updateTable('accounts')
      .set({ email: link.newEmail, updatedAt: sql<Date>`now()` })
      .where('id', '=', link.accountId)
      .execute();
    return link;
  });
}
