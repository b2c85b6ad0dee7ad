import { generateKeyPairSync, createPrivateKey, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { openSecret, sealSecret, type SecretKeys } from '../auth/secret-box.js';

/*
 * The society's Open Badges issuer keys (issue 38 §4): Ed25519 key pairs named key-1, key-2 ... (issuer_keys,
 * migration 0038c). key-1 is generated on first use; staff rotate to the next (rotate.ts). The newest signs new
 * badges; every one stays published at PUBLIC_URL/issuer/key-{n}, so earlier badges keep verifying. The private
 * JWK is kept sealed (services/auth/secret-box: AES-256-GCM under SECRETS_KEY), the public JWK in the clear.
 */

export type IssuerKey = { privateKey: KeyObject; publicJwk: Record<string, string>; kid: string; number: number };

/** A key's name in its address: `key-2`. */
export const issuerKeyName = (number: number) => `key-${number}`;

/** The key id verifiers dereference (OB 3.0 §8.2): the address answering the key's public JWK. */
export const issuerKeyId = (base: string, number: number) => `${base}/issuer/${issuerKeyName(number)}`;

/** A fresh Ed25519 pair: the public JWK and the private JWK sealed. */
export async function newIssuerKeyPair(db: Db, keys: SecretKeys) {
  const pair = generateKeyPairSync('ed25519');
  return {
    publicJwk: JSON.stringify(pair.publicKey.export({ format: 'jwk' })),
    secretKey: await sealSecret(db, keys, JSON.stringify(pair.privateKey.export({ format: 'jwk' }))),
  };
}

const currentRow = (db: Db) =>
  db
    .selectFrom('issuerKeys')
    .select(['number', 'publicJwk', 'secretKey'])
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The key signing new badges (the newest); key-1 is generated on first use (concurrent first uses agree). */
export async function issuerKey(db: Db, keys: SecretKeys, base: string): Promise<IssuerKey> {
  let row = await currentRow(db);
  if (!row) {
    await db
      .insertInto('issuerKeys')
      .values({ number: 1, ...(await newIssuerKeyPair(db, keys)) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = (await currentRow(db))!;
  }
  const jwk = JSON.parse(await openSecret(db, keys, row.secretKey)) as Record<string, string>;
  return {
    privateKey: createPrivateKey({ key: jwk, format: 'jwk' }),
    publicJwk: row.publicJwk,
    kid: issuerKeyId(base, row.number),
    number: row.number,
  };
}

export type PublicIssuerKey = {
  number: number;
  publicJwk: Record<string, string>;
  createdAt: Date;
  withdrawnAt: Date | null;
};

/** Every key's public part, oldest first (the issuer profile, the settings screen); none before the first badge. */
export const issuerPublicKeys = (db: Db): Promise<PublicIssuerKey[]> =>
  db.selectFrom('issuerKeys').select(['number', 'publicJwk', 'createdAt', 'withdrawnAt']).orderBy('number').execute();
