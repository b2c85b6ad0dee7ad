import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { appSecret, serviceConfig, serviceSetting } from '../secrets.js';

/** The ids an unsubscribe link names; emailId is the send's id, '0' for a test send. */
export type UnsubscribeIds = { invitationId: number | string; emailId: number | string; inviteeId: number | string };

export const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe-hmac';

/** The absolute base of links (PUBLIC_URL, else http://localhost:PORT), without a trailing slash. */
export function publicBaseUrl(): string {
  const configured = serviceSetting('PUBLIC_URL');
  return (typeof configured === 'string' ? configured : `http://localhost:${serviceConfig().PORT}`).replace(/\/+$/, '');
}

const message = ({ invitationId, emailId, inviteeId }: UnsubscribeIds) => `unsubscribe:${invitationId}:${emailId}:${inviteeId}`;

/** HMAC-SHA256 over the three ids with the 'unsubscribe-hmac' secret, base64url. */
export async function unsubscribeSignature(db: Db, ids: UnsubscribeIds): Promise<string> {
  const secret = await appSecret(db, UNSUBSCRIBE_SECRET_NAME);
  return createHmac('sha256', secret).update(message(ids)).digest('base64url');
}

const part = (id: number | string) => encodeURIComponent(String(id));

/** Where links point: the caller's own base (e.g. from the app's config), else PUBLIC_URL of the process. */
export type LinkOptions = { baseUrl?: string };
const baseOf = (options: LinkOptions) => (options.baseUrl ? options.baseUrl.replace(/\/+$/, '') : publicBaseUrl());

/** The browser page a recipient opens from the email: /unsubscribe/{invitationId}/{emailId}/{inviteeId}?signature=. */
export async function unsubscribeUrl(db: Db, ids: UnsubscribeIds, options: LinkOptions = {}): Promise<string> {
  return `${baseOf(options)}/unsubscribe/${part(ids.invitationId)}/${part(ids.emailId)}/${part(ids.inviteeId)}?signature=${await unsubscribeSignature(db, ids)}`;
}

/** The RFC 8058 one-click target (List-Unsubscribe with List-Unsubscribe-Post): the public POST call. */
export async function unsubscribeApiUrl(db: Db, ids: UnsubscribeIds, options: LinkOptions = {}): Promise<string> {
  return `${baseOf(options)}/api/public/invitations/${part(ids.invitationId)}/email/${part(ids.emailId)}/${part(ids.inviteeId)}/unsubscribe?signature=${await unsubscribeSignature(db, ids)}`;
}

/** Whether `signature` is the link's signature; compared in constant time. A missing one is false. */
export async function verifyUnsubscribeSignature(db: Db, ids: UnsubscribeIds, signature: string | undefined | null): Promise<boolean> {
  if (!signature) return false;
  const expected = Buffer.from(await unsubscribeSignature(db, ids));
  const given = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; a wrong length still costs one comparison.
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}
