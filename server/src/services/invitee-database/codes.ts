import { randomBytes, randomInt } from 'node:crypto';
import type { TestValue } from './clean.js';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I): 32, so a random byte maps without bias. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 32^6, about a billion codes per prefix: a 100,000-row file draws a few clashes, which the caller draws again. */
export const CODE_LENGTH = 6;

/** An institution's abbreviation as a code prefix: upper-case letters and digits only ('INV' when none is left). */
export const codePrefix = (abbreviation: string) => abbreviation.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'INV';

/** A random invitation code, e.g. invitationCode('abc') -> 'ABC-7K3QX9'. Uniqueness is the caller's (see invitationCodes). */
export function invitationCode(prefix: string, length = CODE_LENGTH): string {
  const bytes = randomBytes(length);
  let random = '';
  for (const byte of bytes) random += CODE_ALPHABET[byte & 31];
  return `${codePrefix(prefix)}-${random}`;
}

/** `count` distinct codes, none of them in `taken` (codes already stored). */
export function invitationCodes(
  prefix: string,
  count: number,
  taken: ReadonlySet<string> = new Set(),
  length = CODE_LENGTH,
): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const code = invitationCode(prefix, length);
    if (!taken.has(code)) out.add(code);
  }
  return [...out];
}

/**
 * A/B groups for `count` valid invitees: half Control, half Variation (Control has the extra one when
 * the count is odd), in random order. `random(n)` answers an integer in [0, n); crypto's by default.
 */
export function splitAB(count: number, random: (n: number) => number = (n) => randomInt(n)): TestValue[] {
  const groups: TestValue[] = Array.from({ length: count }, (_, i) =>
    i < Math.ceil(count / 2) ? 'Control' : 'Variation',
  );
  for (let i = count - 1; i > 0; i--) {
    const j = random(i + 1);
    [groups[i], groups[j]] = [groups[j]!, groups[i]!];
  }
  return groups;
}
