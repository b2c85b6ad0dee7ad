/** Cells that say "no" in a FERPA / directory opt-out column; anything else written there means the student opted out. */
const NO = new Set(['', 'n', 'no', 'false', '0', 'none', 'not confidential']);

/**
 * Whether a cell of an invitee database's FERPA column (`FERPA`, `Directory Opt Out`, `Confidential` ...) marks
 * the student as opted out of directory information: registrars write Y, Yes, X, TRUE, 1 or Confidential.
 * @example isOptOut('Y') // true; isOptOut('no') // false; isOptOut(undefined) // false
 */
export function isOptOut(cell: string | undefined | null): boolean {
  return !NO.has((cell ?? '').trim().toLowerCase());
}
