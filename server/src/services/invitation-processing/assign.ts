import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { invitationCodes, splitAB, type CleanedRow } from '../invitee-import/index.js';

/**
 * Gives each valid row a unique invitation code with the institution's abbreviation as prefix. Codes are
 * random; the few the database already holds are drawn again (never one given out in an earlier round).
 */
export async function assignCodes(db: Db, abbreviation: string, rows: CleanedRow[]): Promise<void> {
  const taken = new Set<string>();
  let pending = rows;
  for (let round = 0; pending.length && round < 10; round++) {
    const codes = invitationCodes(abbreviation, pending.length, taken);
    pending.forEach((row, i) => {
      row.invitationCode = codes[i];
      taken.add(codes[i]!);
    });
    const { rows: stored } = await sql<{ code: string }>`
      select invitation_code as code from invitees where invitation_code = any(${codes}::text[])`.execute(db);
    const clash = new Set(stored.map((s) => s.code));
    pending = pending.filter((row) => clash.has(row.invitationCode!));
  }
  if (pending.length) throw new Error('Could not draw unique invitation codes');
}

/** Splits the valid rows at random into Control and Variation, half each (one more Control when odd). */
export function splitGroups(rows: CleanedRow[]): void {
  const groups = splitAB(rows.length, (n) => randomInt(n));
  rows.forEach((row, i) => (row.testValue = groups[i]));
}
