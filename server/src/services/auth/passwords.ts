import argon2 from 'argon2';
import { assertPasswordAllowed } from './password-policy.js';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// Verifying against a fixed hash for unknown emails keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/** The hash of a password being set (create, reset, bootstrap): refused with a 400 on `field` when too common. */
export async function hashNewPassword(password: string, field: string): Promise<string> {
  assertPasswordAllowed(password, field);
  return hashPassword(password);
}
