import argon2 from 'argon2';
import { assertPasswordAllowed } from './password-policy.js';

// argon2's defaults (64 MiB, 3 passes, 4 lanes); PASSWORD_HASH_COST=low (tests only, config.ts refuses it in
// production) takes its smallest cost. A hash carries its own cost, so verifying either kind works alike.
const LOW_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export const hashPassword = (password: string) =>
  argon2.hash(password, {
    type: argon2.argon2id,
    ...(process.env.PASSWORD_HASH_COST === 'low' ? LOW_COST : {}),
  });

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
