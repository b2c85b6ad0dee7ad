import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { invitationCodes, splitAB, type CleanedRow } from '../invitee-database/index.js';

/**
 * `count` unique invitation codes with the institution's abbreviation as prefix, none of them stored
 * yet. Codes are random; the few the database already holds are drawn again (never one given out in an
 * earlier round).
 */
export async function drawCodes(db: Db, abbreviation: string, count: number): Promise<string[]> {
  const taken = new Set<string>();
  const codes = invitationCodes(abbreviation, count, taken);
  let pending = codes.map((_, i) => i);
  for (let round = 0; pending.length && round < 10; round++) {
    for (const i of pending) taken.add(codes[i]!);
    const { rows: stored } = await sql<{ code: string }>`
      select invitation_code as code from invitees where invitation_code = any(${pending.map((i) => codes[i]!)}::text[])`.execute(
      db,
    );
    const clash = new Set(stored.map((s) => s.code));
    pending = pending.filter((i) => clash.has(codes[i]!));
    const again = invitationCodes(abbreviation, pending.length, taken);
    pending.forEach((i, k) => (codes[i] = again[k]!));
  }
  if (pending.length) throw new Error('Could not draw unique invitation codes');
  return codes;
}

/** Splits the valid rows at random into Control and Variation, half each (one more Control when odd). */
export function splitGroups(rows: CleanedRow[]): void {
  const groups = splitAB(rows.length, (n) => randomInt(n));
  rows.forEach((row, i) => (row.testValue = groups[i]));
}
