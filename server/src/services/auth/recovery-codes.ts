import { createHash, randomInt } from 'node:crypto';

/** How many one-time recovery codes a second factor comes with. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: codes are copied from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes such as `k7m2p-q9xt4` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** What a typed recovery code is compared as: lowercase, without spaces or dashes. */
export const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Whether a typed code has the shape of a recovery code (and not of a six-digit TOTP code). */
export const looksLikeRecoveryCode = (code: string) =>
  /^[a-z0-9]{10}$/.test(normalRecoveryCode(code)) && !/^\d+$/.test(normalRecoveryCode(code));

/** Stored form: SHA-256 (the codes are random and long enough that a slow hash adds nothing). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalRecoveryCode(code)).digest('base64url');
