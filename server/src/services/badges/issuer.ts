import { generateKeyPairSync, createPrivateKey, type KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { openSecret, sealSecret, type SecretKeys } from '../auth/secret-box.js';

/*
 * The society's Open Badges issuer key (issue 38 §4): one Ed25519 key pair, generated on first use. The private
 * JWK is kept sealed (services/auth/secret-box: AES-256-GCM under SECRETS_KEY), the public JWK in the clear; both
 * in the one society_settings row. Concurrent first uses agree: only the first write of a key lands.
 */

export type IssuerKey = { privateKey: KeyObject; publicJwk: Record<string, string>; kid: string };

/** The key id verifiers dereference (OB 3.0 §8.2): the address answering the public JWK. */
export const issuerKeyId = (base: string) => `${base}/issuer/key-1`;

export async function issuerKey(db: Db, keys: SecretKeys, base: string): Promise<IssuerKey> {
  let row = await db.selectFrom('societySettings').select(['issuerSecretKey', 'issuerPublicJwk']).executeTakeFirst();
  if (!row?.issuerSecretKey || !row.issuerPublicJwk) {
    const pair = generateKeyPairSync('ed25519');
    const privateJwk = JSON.stringify(pair.privateKey.export({ format: 'jwk' }));
    const publicJwk = pair.publicKey.export({ format: 'jwk' }) as Record<string, string>;
    await db
      .updateTable('societySettings')
      .set({
        issuerSecretKey: await sealSecret(db, keys, privateJwk),
        issuerPublicJwk: JSON.stringify(publicJwk),
        updatedAt: sql<Date>`now()`,
      })
      .where('issuerSecretKey', 'is', null)
      .execute();
    row = await db
      .selectFrom('societySettings')
      .select(['issuerSecretKey', 'issuerPublicJwk'])
      .executeTakeFirstOrThrow();
  }
  const jwk = JSON.parse(await openSecret(db, keys, row.issuerSecretKey!)) as Record<string, string>;
  return {
    privateKey: createPrivateKey({ key: jwk, format: 'jwk' }),
    publicJwk: row.issuerPublicJwk!,
    kid: issuerKeyId(base),
  };
}

/** The public JWK only (the issuer profile); undefined before the first badge. */
export async function issuerPublicJwk(db: Db): Promise<Record<string, string> | undefined> {
  const row = await db.selectFrom('societySettings').select('issuerPublicJwk').executeTakeFirst();
  return row?.issuerPublicJwk ?? undefined;
}
