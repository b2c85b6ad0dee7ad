import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { appSecret } from '../secrets.js';

/**
 * Keeps a short secret (a TOTP key) encrypted at rest with AES-256-GCM under an app secret, so a copy of the
 * database alone does not give away anyone's second factor. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const KEY_NAME = 'second-factor-key';

const keyOf = async (db: Db) =>
  createHash('sha256')
    .update(await appSecret(db, KEY_NAME))
    .digest();

export async function sealSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(db), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function openSecret(db: Db, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unreadable sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
