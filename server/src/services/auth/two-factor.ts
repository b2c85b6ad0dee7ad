import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { Db, Trx } from '../../db/database.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { openSecret, sealSecret, type SecretKeys } from './secret-box.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';

/**
 * An account's second factor (migration 0033): a TOTP key, confirmed with a code before it counts, and ten
 * one-time recovery codes. Every check is one conditional UPDATE, so a code is accepted once however many
 * requests bring it at the same time.
 */

/** In a select: whether the account in column `accountIdColumn` has a confirmed second factor. */
export const hasSecondFactor = (accountIdColumn: string) =>
  sql<boolean>`exists (select 1 from account_second_factors f where f.account_id = ${sql.ref(accountIdColumn)} and f.confirmed_at is not null)`;

/** Whether the account has a confirmed second factor. */
export async function secondFactorOn(db: Db, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select(hasSecondFactor('accounts.id').as('on'))
    .where('id', '=', accountId)
    .executeTakeFirst();
  return !!row?.on;
}

export async function secondFactorStatus(db: Db, accountId: number) {
  const row = await db
    .selectFrom('accountSecondFactors as f')
    .where('f.accountId', '=', accountId)
    .where('f.confirmedAt', 'is not', null)
    .select(['f.confirmedAt'])
    .select((eb) =>
      eb
        .selectFrom('accountRecoveryCodes as r')
        .whereRef('r.accountId', '=', 'f.accountId')
        .where('r.usedAt', 'is', null)
        .select(sql<number>`count(*)::int`.as('n'))
        .as('left'),
    )
    .executeTakeFirst();
  return { enabled: !!row, enabledAt: row?.confirmedAt?.toISOString() ?? null, recoveryCodesLeft: row?.left ?? 0 };
}

/**
 * A new TOTP key for the account, kept unconfirmed (a set-up started before is replaced), with its otpauth
 * address and that address as a QR code made here (never by a remote service). Null when a factor is on.
 */
export async function startSecondFactorSetup(db: Db, keys: SecretKeys, account: { id: number; email: string }) {
  if (await secondFactorOn(db, account.id)) return null;
  const secret = newTotpSecret();
  const sealed = await sealSecret(db, keys, secret);
  await db
    .insertInto('accountSecondFactors')
    .values({ accountId: account.id, secret: sealed })
    .onConflict((oc) =>
      oc
        .column('accountId')
        .doUpdateSet({ secret: sealed, lastStep: null })
        .where('accountSecondFactors.confirmedAt', 'is', null),
    )
    .execute();
  const uri = totpUri(secret, account.email);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Turns the started set-up on when `code` is right (and takes that code's step), with ten new recovery
 * codes, answered in plain text this once. 'none' when no set-up was started (or it is on already).
 * In a transaction: the set-up row is locked while it is checked.
 */
export async function confirmSecondFactor(
  trx: Trx,
  keys: SecretKeys,
  accountId: number,
  code: string,
): Promise<string[] | 'none' | 'wrong'> {
  const row = await trx
    .selectFrom('accountSecondFactors')
    .select(['secret', 'confirmedAt'])
    .where('accountId', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.confirmedAt) return 'none';
  const step = totpStep(await openSecret(trx, keys, row.secret), code);
  if (step === null) return 'wrong';
  await trx
    .updateTable('accountSecondFactors')
    .set({ confirmedAt: sql`now()`, lastStep: step })
    .where('accountId', '=', accountId)
    .execute();
  return replaceRecoveryCodes(trx, accountId);
}

/** Ten new recovery codes for the account, answered in plain text this once; the old ones stop working. */
export async function replaceRecoveryCodes(db: Db, accountId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom('accountRecoveryCodes').where('accountId', '=', accountId).execute();
  await db
    .insertInto('accountRecoveryCodes')
    .values(codes.map((c) => ({ accountId, codeHash: hashRecoveryCode(c) })))
    .execute();
  return codes;
}

/**
 * Checks a code of a confirmed factor and uses it up: a TOTP code whose step is later than the last one
 * accepted (so the same code, or an older one, never works twice), or an unused recovery code.
 * What was used, or null for any wrong code.
 */
export async function useSecondFactorCode(
  db: Db,
  keys: SecretKeys,
  accountId: number,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  if (looksLikeRecoveryCode(code)) {
    const used = await db
      .updateTable('accountRecoveryCodes')
      .set({ usedAt: sql`now()` })
      .where('accountId', '=', accountId)
      .where('codeHash', '=', hashRecoveryCode(code))
      .where('usedAt', 'is', null)
      .where(hasSecondFactor('accountRecoveryCodes.accountId'))
      .executeTakeFirst();
    return used.numUpdatedRows > 0n ? 'recovery' : null;
  }
  const row = await db
    .selectFrom('accountSecondFactors')
    .select('secret')
    .where('accountId', '=', accountId)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst();
  if (!row) return null;
  const step = totpStep(await openSecret(db, keys, row.secret), code);
  if (step === null) return null;
  const taken = await db
    .updateTable('accountSecondFactors')
    .set({ lastStep: step })
    .where('accountId', '=', accountId)
    .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', String(step))]))
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n ? 'totp' : null;
}

/** Removes the account's second factor and its recovery codes; whether there was a confirmed one. */
export async function removeSecondFactor(db: Db, accountId: number): Promise<boolean> {
  await db.deleteFrom('accountRecoveryCodes').where('accountId', '=', accountId).execute();
  const removed = await db
    .deleteFrom('accountSecondFactors')
    .where('accountId', '=', accountId)
    .returning('confirmedAt')
    .executeTakeFirst();
  return !!removed?.confirmedAt;
}
