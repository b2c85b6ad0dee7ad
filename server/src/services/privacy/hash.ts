import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { PRIVACY_MESSAGES } from '@app/contract';
import type { Db } from '../../db/database.js';
import { appSecret } from '../secrets.js';
import './tables.js';

/** Addresses are compared trimmed and lower-cased, as everywhere in suppression. */
const normal = (email: string) => email.trim().toLowerCase();

/**
 * The keyed hash that names an erased person (the suppression list, the audit log): HMAC-SHA256 of the
 * normalised address with the app secret 'privacy-hmac', hex. Without the secret the list cannot be
 * reversed by hashing a registrar's list of addresses.
 */
export async function emailHash(db: Db, email: string): Promise<string> {
  const key = await appSecret(db, 'privacy-hmac');
  return createHmac('sha256', key).update(normal(email)).digest('hex');
}

/**
 * The addresses among `emails` that were erased at their owner's request (normalised): what invitation
 * processing drops as removed and what no send reaches. One query over the suppression list's primary key.
 */
export async function erasedAddresses(db: Db, emails: string[]): Promise<Set<string>> {
  const wanted = [...new Set(emails.map(normal))].filter(Boolean);
  if (wanted.length === 0) return new Set();
  const key = await appSecret(db, 'privacy-hmac');
  const byHash = new Map(wanted.map((e) => [createHmac('sha256', key).update(e).digest('hex'), e]));
  const rows = await db
    .selectFrom('privacySuppressions')
    .select('emailHash')
    .where(sql<boolean>`email_hash = any(${[...byHash.keys()]}::text[])`)
    .execute();
  return new Set(rows.map((r) => byHash.get(r.emailHash)!));
}

/**
 * A batch of imported rows without the people erased at their request: each such row is answered as rejected
 * ('Erased at their request') and kept with no field (its cells are not stored again).
 * @example const { rows, erased } = await withoutErased(db, batch, (r) => r.fields.email);
 */
export async function withoutErased<R extends { rowNumber: number; fields: object }>(
  db: Db,
  batch: R[],
  emailOf: (row: R) => string | undefined,
): Promise<{ rows: R[]; kept: R[]; erased: Map<number, string> }> {
  const found = await erasedAddresses(
    db,
    batch.map((r) => emailOf(r) ?? ''),
  );
  const erased = new Map<number, string>();
  if (found.size === 0) return { rows: batch, kept: batch, erased };
  const rows = batch.map((r) => {
    if (!found.has(normal(emailOf(r) ?? ''))) return r;
    erased.set(r.rowNumber, ERASED_REASON);
    return { ...r, fields: {} };
  });
  return { rows, kept: rows.filter((r) => !erased.has(r.rowNumber)), erased };
}

/** Why an erased person's row is removed or rejected. */
export const ERASED_REASON = PRIVACY_MESSAGES.erasedReason;
