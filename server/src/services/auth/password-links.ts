import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AuditActor } from '../../db/audit-context.js';
import type { AppJobs } from '../../db/job-queue.js';
import { writeAuditRow } from '../audit/write-audit-row.js';
import { queueEmails } from '../mail/send.js';
import { normalizeEmail } from '../mail/suppression.js';
import { baseOf, type LinkOptions } from '../signed-link.js';
import { revokeAccountSessions } from './sessions.js';

/*
 * Set-password links: a single-use token emailed to an account's own address, the one way a password is set
 * by someone who is not signed in (a pledge on an account without a password; later staff invites and
 * "Forgot password?"). Only the SHA-256 of the token is stored (migration 0034b); a link lives 7 days; issuing
 * a new one deletes the account's earlier live link; using one sets the password, ends the account's sessions
 * and is audited. The email is a system message through the one mail pipeline: one send per link.
 */

export const PASSWORD_LINK_DAYS = 7;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export type IssueOptions = LinkOptions & {
  /** Who asked (audited); default: the request's actor. */
  actor?: AuditActor;
  /** Why (audited), e.g. 'join'. */
  reason: string;
  /** A live link issued less than this many seconds ago is kept and nothing is sent (a double click, a flood). */
  minIntervalSeconds?: number;
};

/**
 * Issues a set-password link for the account and queues its email to the account's address, in the caller's
 * transaction when given one (the link, the send and its delivery job stand or fall together).
 * Answers whether a new link was issued (false: a recent one is kept, see `minIntervalSeconds`).
 * @example await issuePasswordLink(trx, app.jobs, accountId, { baseUrl: config.PUBLIC_URL, reason: 'join' });
 */
export async function issuePasswordLink(
  db: Db,
  jobs: AppJobs,
  accountId: number,
  options: IssueOptions,
): Promise<boolean> {
  const run = async (trx: Db) => {
    // The account row's lock orders concurrent issues: one live link per account, the last one wins.
    const account = await trx
      .selectFrom('accounts')
      .select(['id', 'email', 'firstName'])
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (options.minIntervalSeconds) {
      const recent = await trx
        .selectFrom('passwordLinks')
        .select('id')
        .where('accountId', '=', accountId)
        .where('usedAt', 'is', null)
        .where('createdAt', '>', sql<Date>`now() - make_interval(secs => ${options.minIntervalSeconds})`)
        .executeTakeFirst();
      if (recent) return false;
    }
    await trx.deleteFrom('passwordLinks').where('accountId', '=', accountId).where('usedAt', 'is', null).execute();
    const token = randomBytes(32).toString('base64url');
    const link = await trx
      .insertInto('passwordLinks')
      .values({
        accountId,
        tokenHash: tokenHash(token),
        expiresAt: sql<Date>`now() + make_interval(days => ${PASSWORD_LINK_DAYS})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueEmails(trx, jobs, {
      source: 'set_password',
      sourceId: String(link.id),
      templateVersionId: null,
      emails: [
        {
          recipientKey: normalizeEmail(account.email),
          to: account.email,
          emailType: 'Transactional',
          values: {
            firstName: account.firstName,
            email: account.email,
            setPasswordUrl: `${baseOf(options)}/set-password?token=${token}`,
          },
          accountId,
        },
      ],
    });
    await writeAuditRow(
      trx,
      { action: 'password-link-sent', entity: 'accounts', entityId: accountId, detail: { reason: options.reason } },
      options.actor,
    );
    return true;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** A second "Forgot password?" within this many seconds keeps the link already sent (no second email). */
export const FORGOT_RESEND_AFTER_SECONDS = 60;

/**
 * "Forgot password?" once queued (job forgot-password-link): a link for the active account using `email`, if
 * any; nothing for any other address. The request only queues, whatever the address, so its answer and its
 * time tell nothing of whether the address has an account. Answers whether a link was issued.
 */
export async function issueForgottenPasswordLink(
  db: Db,
  jobs: AppJobs,
  request: { email: string; ip: string },
  options: LinkOptions,
): Promise<boolean> {
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where(sql`lower(email)`, '=', request.email.trim().toLowerCase())
    .where('active', '=', true)
    .executeTakeFirst();
  if (!account) return false;
  return issuePasswordLink(db, jobs, account.id, {
    ...options,
    reason: 'forgot-password',
    actor: { accountId: null, apiKeyId: null, address: request.ip },
    minIntervalSeconds: FORGOT_RESEND_AFTER_SECONDS,
  });
}

/** The account of a live link (unused, not expired) for `token`; undefined for any other token. */
export async function passwordLinkAccount(db: Db, token: string): Promise<number | undefined> {
  const link = await db
    .selectFrom('passwordLinks')
    .select('accountId')
    .where('tokenHash', '=', tokenHash(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return link?.accountId;
}

/**
 * Uses the live link of `token` once: the account's password becomes `passwordHash`, its sessions end, and an
 * audit row names the link's owner as actor. Answers the account id, or undefined when the link is not live
 * (used meanwhile, expired, replaced, unknown): then nothing changes.
 */
export async function usePasswordLink(
  db: Db,
  token: string,
  passwordHash: string,
  address: string | null,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('passwordLinks')
      .set({ usedAt: sql<Date>`now()` })
      .where('tokenHash', '=', tokenHash(token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returning('accountId')
      .executeTakeFirst();
    if (!used) return undefined;
    await trx
      .updateTable('accounts')
      .set({ passwordHash, updatedAt: sql<Date>`now()` })
      .where('id', '=', used.accountId)
      .execute();
    await revokeAccountSessions(trx, used.accountId);
    await writeAuditRow(
      trx,
      { action: 'password-set', entity: 'accounts', entityId: used.accountId, detail: { via: 'set-password link' } },
      { accountId: used.accountId, apiKeyId: null, address },
    );
    return used.accountId;
  });
}
