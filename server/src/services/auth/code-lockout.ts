import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../../errors.js';
import { writeAuditRow } from '../audit/write-audit-row.js';
import { sendSecurityNotice } from '../mail/security-notice.js';
import { useSecondFactorCode } from './two-factor.js';
import { signInActor } from './sign-in.js';
import { waitText } from './throttle.js';

/**
 * One hard cap on wrong second-factor codes per account, whichever call brings them (the sign-in's code step,
 * turning the factor off, new recovery codes): each call kind has its own throttle, so without it their
 * buckets added up. TWO_FACTOR_MAX_FAILURES wrong codes in a row lock the account's second factor for
 * TWO_FACTOR_LOCK_MINUTES: every code is refused (429) until then, right or wrong; the lock is audited
 * (`two-factor-locked`) and the account is emailed. A right code starts the count again.
 * The account's factor row is locked while a code is checked, so codes sent at once are counted one by one.
 */
export const LOCKED_MESSAGE = (wait: string) =>
  `Too many wrong codes: two-factor sign-in is locked for this account. Try again in ${wait}.`;

type Outcome = { used: 'totp' | 'recovery' | null } | { lockedForSeconds: number; lockedNow: boolean };

export async function checkSecondFactorCode(
  request: FastifyRequest,
  reply: { header(name: string, value: string): unknown },
  accountId: number,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const { db, config } = request.server;
  const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
    const row = await trx
      .selectFrom('accountSecondFactors')
      .select(['failedCodes', sql<number | null>`extract(epoch from locked_until - now())`.as('lockedFor')])
      .where('accountId', '=', accountId)
      .where('confirmedAt', 'is not', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { used: null };
    if (row.lockedFor !== null && Number(row.lockedFor) > 0)
      return { lockedForSeconds: Math.ceil(Number(row.lockedFor)), lockedNow: false };
    const used = await useSecondFactorCode(trx, config, accountId, code);
    const failed = used ? 0 : row.failedCodes + 1;
    const locks = failed >= config.TWO_FACTOR_MAX_FAILURES;
    await trx
      .updateTable('accountSecondFactors')
      .set({
        failedCodes: locks ? 0 : failed,
        lockedUntil: locks ? sql<Date>`now() + make_interval(secs => ${config.TWO_FACTOR_LOCK_MINUTES * 60})` : null,
      })
      .where('accountId', '=', accountId)
      .execute();
    if (!locks) return { used };
    await writeAuditRow(
      trx,
      {
        action: 'two-factor-locked',
        entity: 'accounts',
        entityId: accountId,
        detail: { failedCodes: failed, minutes: config.TWO_FACTOR_LOCK_MINUTES },
      },
      request.account ? undefined : signInActor(request, null),
    );
    return { lockedForSeconds: Math.ceil(config.TWO_FACTOR_LOCK_MINUTES * 60), lockedNow: true };
  });
  if ('used' in outcome) return outcome.used;
  if (outcome.lockedNow) await notifyLocked(request, accountId);
  reply.header('retry-after', String(outcome.lockedForSeconds));
  throw new AppError(429, LOCKED_MESSAGE(waitText(outcome.lockedForSeconds)));
}

async function notifyLocked(request: FastifyRequest, accountId: number): Promise<void> {
  const { db, config } = request.server;
  const account = await db
    .selectFrom('accounts')
    .select(['email', 'firstName'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return;
  const minutes = config.TWO_FACTOR_LOCK_MINUTES;
  await sendSecurityNotice(db, config, request.log, {
    to: account.email,
    subject: 'Two-factor sign-in locked after wrong codes',
    text:
      `Hello ${account.firstName},\n\n` +
      `${config.TWO_FACTOR_MAX_FAILURES} wrong two-factor codes in a row were entered for your account (${account.email}), ` +
      `so two-factor sign-in is locked for ${waitText(Math.ceil(minutes * 60))}.\n\n` +
      'If that was not you, someone knows your password: change it as soon as you can sign in, ' +
      'and tell an administrator.',
  });
}
