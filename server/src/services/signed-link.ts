import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { appSecret, serviceConfig, serviceSetting } from './secrets.js';

/**
 * Signs link messages with a named app secret (HMAC-SHA256, base64url): the one mechanism behind every
 * signed link in emails (unsubscribe, join). The signer is synchronous once the secret is read, so a
 * batch of thousands of links costs one secret lookup.
 * @example const sign = await linkSigner(db, 'join-hmac'); const sig = sign('join:NWU-7KQ2P');
 */
export async function linkSigner(db: Db, secretName: string): Promise<(message: string) => string> {
  const secret = await appSecret(db, secretName);
  return (message) => createHmac('sha256', secret).update(message).digest('base64url');
}

/** Whether `signature` signs `message` under the named secret; compared in constant time. A missing one is false. */
export async function verifyLinkSignature(
  db: Db,
  secretName: string,
  message: string,
  signature: string | undefined | null,
): Promise<boolean> {
  if (!signature) return false;
  const expected = Buffer.from((await linkSigner(db, secretName))(message));
  const given = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; a wrong length still costs one comparison.
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}

/** The absolute base of links (PUBLIC_URL, else http://localhost:PORT), without a trailing slash. */
export function publicBaseUrl(): string {
  const configured = serviceSetting('PUBLIC_URL');
  return (typeof configured === 'string' ? configured : `http://localhost:${serviceConfig().PORT}`).replace(/\/+$/, '');
}

/** Where links point: the caller's own base (e.g. from the app's config), else PUBLIC_URL of the process. */
export type LinkOptions = { baseUrl?: string };
export const baseOf = (options: LinkOptions) =>
  options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : publicBaseUrl();
