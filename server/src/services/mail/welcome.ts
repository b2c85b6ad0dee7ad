import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EmailSourceKey, TemplateType } from '../../db/tables/email.js';
import type { AppJobs } from '../../db/job-queue.js';
import { AppError, notFound } from '../../errors.js';
import { resolveTokens } from '../tokens/index.js';
import { queueEmails } from './send.js';
import { latestEnabledVersion } from './template-version.js';
import { normalizeEmail, suppressedAddresses } from './suppression.js';
import { writeAuditRow } from '../audit/write-audit-row.js';

export type WelcomeKind = {
  templateType: Extract<TemplateType, 'WelcomeEmail' | 'WelcomeEmailNoPayment'>;
  source: Extract<EmailSourceKey, 'welcome_email' | 'welcome_no_payment'>;
};

/**
 * Spec 01: a member who paid (memberAt set: membership completed) gets WelcomeEmail; a pledge who has not, or a
 * member whose fee was waived and who has paid nothing (Complete Without Payment), WelcomeEmailNoPayment.
 */
export function welcomeKind(account: { memberAt: Date | null; feeWaived?: boolean }): WelcomeKind {
  return account.memberAt && !account.feeWaived
    ? { templateType: 'WelcomeEmail', source: 'welcome_email' }
    : { templateType: 'WelcomeEmailNoPayment', source: 'welcome_no_payment' };
}

export type WelcomeResult = { sendId: number; templateType: WelcomeKind['templateType'] };

const WELCOME_SOURCES = ['welcome_email', 'welcome_no_payment'] as const;
export const WELCOME_ALREADY_SENT = 'Welcome Email already sent';

/** The account's last welcome send, automatic or requested (the Send Welcome Email dialog says when it went). */
export async function lastWelcomeSend(db: Db, accountId: number) {
  const row = await db
    .selectFrom('emailSends')
    .select(['id', 'source', 'emailTo', 'status', 'queuedAt', 'sendAt'])
    .where('accountId', '=', accountId)
    .where('source', 'in', WELCOME_SOURCES)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sendId: row.id,
    at: row.sendAt ?? row.queuedAt,
    to: row.emailTo,
    status: row.status,
    templateType: row.source === 'welcome_email' ? ('WelcomeEmail' as const) : ('WelcomeEmailNoPayment' as const),
  };
}

/**
 * Queues a member's welcome email through the one mail pipeline (send log + delivery job).
 * One welcome per account, kind and address: the send's key is (source, account id, the address), so a
 * second click (or a double click) for the same address answers 409 'Welcome Email already sent', while
 * a member who has paid since (another source) or whose address was corrected gets a new one.
 * Refused with a 4xx, writing nothing: no such member (404), no enabled template of the type (409),
 * an address blocked for transactional emails (409).
 *
 * Sent again on request (issue 38 §6: staff confirmed a dialog that showed the last one): `afterSendId` names
 * that last send. It goes only while that is still the account's last welcome (409 otherwise), keyed by it, so a
 * double click sends once, and it is audited ('welcome-email-resent'); the automatic send's own key is untouched.
 */
export async function sendWelcomeEmail(
  db: Db,
  jobs: AppJobs,
  accountId: number,
  afterSendId?: number,
): Promise<WelcomeResult> {
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'memberAt'])
    .select(
      sql<boolean>`exists (select 1 from payments p where p.account_id = accounts.id and p.method = 'waived')
        and not exists (select 1 from payments p where p.account_id = accounts.id and p.method <> 'waived'
          and (p.review_state is null or p.review_state = 'applied'))`.as('feeWaived'),
    )
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('memberAt', 'is not', null), eb('pledgedAt', 'is not', null)]))
    .executeTakeFirst();
  if (!account) throw notFound('Member');
  const kind = welcomeKind(account);
  const templateVersionId = await latestEnabledVersion(db, kind.templateType);
  if (!templateVersionId)
    throw new AppError(
      409,
      `No enabled ${kind.templateType} template`,
      'Add or enable one in Email Templates, then send again.',
    );

  const email = normalizeEmail(account.email);
  if ((await suppressedAddresses(db, [email], 'Transactional')).size) {
    throw new AppError(
      409,
      `${account.email} is blocked for transactional emails`,
      'See Blocked Emails. The Welcome Email was not sent.',
    );
  }
  const { values } = await resolveTokens(db, { accountId });
  const send = async (trx: Db) => {
    if (afterSendId !== undefined && (await lastWelcomeSend(trx, accountId))?.sendId !== afterSendId)
      throw new AppError(409, WELCOME_ALREADY_SENT, 'Another Welcome Email went since. Open the dialog again.');
    const queued = await queueEmails(trx, jobs, {
      source: kind.source,
      sourceId: String(accountId),
      templateVersionId,
      emails: [
        {
          recipientKey: afterSendId === undefined ? email : `${email} again after ${afterSendId}`,
          to: account.email,
          emailType: 'Transactional',
          values,
          accountId,
        },
      ],
    });
    const sendId = queued.sendIds[0];
    if (sendId === undefined)
      throw new AppError(409, WELCOME_ALREADY_SENT, `A ${kind.templateType} was already sent to ${account.email}.`);
    if (afterSendId !== undefined)
      await writeAuditRow(trx, {
        action: 'welcome-email-resent',
        entity: 'accounts',
        entityId: accountId,
        detail: { sendId, afterSendId, to: account.email, templateType: kind.templateType },
      });
    return { sendId, templateType: kind.templateType };
  };
  return afterSendId === undefined || db.isTransaction ? send(db) : db.transaction().execute(send);
}
