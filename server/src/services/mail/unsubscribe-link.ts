import type { Db } from '../../db/database.js';
import { baseOf, linkSigner, verifyLinkSignature, type LinkOptions } from '../signed-link.js';

export { publicBaseUrl, type LinkOptions } from '../signed-link.js';

/** The ids an unsubscribe link names; emailId is the send's id, '0' for a test send. */
export type UnsubscribeIds = { invitationId: number | string; emailId: number | string; inviteeId: number | string };

export const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe-hmac';

const message = ({ invitationId, emailId, inviteeId }: UnsubscribeIds) => `unsubscribe:${invitationId}:${emailId}:${inviteeId}`;

/** HMAC-SHA256 over the three ids with the 'unsubscribe-hmac' secret, base64url. */
export async function unsubscribeSignature(db: Db, ids: UnsubscribeIds): Promise<string> {
  return (await linkSigner(db, UNSUBSCRIBE_SECRET_NAME))(message(ids));
}

const part = (id: number | string) => encodeURIComponent(String(id));

/** The browser page a recipient opens from the email: /unsubscribe/{invitationId}/{emailId}/{inviteeId}?signature=. */
export async function unsubscribeUrl(db: Db, ids: UnsubscribeIds, options: LinkOptions = {}): Promise<string> {
  return `${baseOf(options)}/unsubscribe/${part(ids.invitationId)}/${part(ids.emailId)}/${part(ids.inviteeId)}?signature=${await unsubscribeSignature(db, ids)}`;
}

/** The RFC 8058 one-click target (List-Unsubscribe with List-Unsubscribe-Post): the public POST call. */
export async function unsubscribeApiUrl(db: Db, ids: UnsubscribeIds, options: LinkOptions = {}): Promise<string> {
  return `${baseOf(options)}/api/public/invitations/${part(ids.invitationId)}/email/${part(ids.emailId)}/${part(ids.inviteeId)}/unsubscribe?signature=${await unsubscribeSignature(db, ids)}`;
}

/** Whether `signature` is the link's signature; compared in constant time. A missing one is false. */
export function verifyUnsubscribeSignature(db: Db, ids: UnsubscribeIds, signature: string | undefined | null): Promise<boolean> {
  return verifyLinkSignature(db, UNSUBSCRIBE_SECRET_NAME, message(ids), signature);
}
