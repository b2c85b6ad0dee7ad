import type { Db } from '../../db/database.js';
import { baseOf, linkSigner, verifyLinkSignature, type LinkOptions } from '../signed-link.js';

export { publicBaseUrl, type LinkOptions } from '../signed-link.js';

/**
 * What the `{emailId}` of an unsubscribe link names, by the kind of email it came in:
 * - `reminder`: an invitation reminder's email; emailId is the reminder's id (spec 02's
 *   `admin/logistics/invitations/{id}/emails/{emailId}`), the same for every invitee of the reminder;
 * - `tickler`: the tickler (it has no reminder); emailId is the tickler send's id in the send log;
 * - `send`: links sent before reminders were named (emailId is the send's id): they keep working;
 * - `test`: a test send; emailId is '0' and the link changes nothing (spec 02: the client answers
 *   success without calling).
 * The kind is part of what is signed, so a reminder's id can never be read as a send's.
 */
export type UnsubscribeKind = 'reminder' | 'tickler' | 'send' | 'test';

/** The ids an unsubscribe link names (see UnsubscribeKind for what emailId is). */
export type UnsubscribeIds = {
  invitationId: number | string;
  emailId: number | string;
  inviteeId: number | string;
  kind?: UnsubscribeKind;
};

export const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe-hmac';

// 'send' and 'test' links keep the original message, so links already in inboxes verify as before.
const message = ({ invitationId, emailId, inviteeId, kind }: UnsubscribeIds) =>
  kind === 'reminder' || kind === 'tickler'
    ? `unsubscribe:${kind}:${invitationId}:${emailId}:${inviteeId}`
    : `unsubscribe:${invitationId}:${emailId}:${inviteeId}`;

/** HMAC-SHA256 over the link's kind and three ids with the 'unsubscribe-hmac' secret, base64url. */
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

/**
 * The kind of link `signature` signs for these ids (see UnsubscribeKind), or null when it signs none.
 * Every candidate is compared (each in constant time), so the answer's timing says nothing of which matched.
 */
export async function verifyUnsubscribeSignature(
  db: Db,
  ids: UnsubscribeIds,
  signature: string | undefined | null,
): Promise<UnsubscribeKind | null> {
  const candidates: UnsubscribeKind[] = String(ids.emailId) === '0' ? ['test'] : ['reminder', 'tickler', 'send'];
  let found: UnsubscribeKind | null = null;
  for (const kind of candidates) {
    if ((await verifyLinkSignature(db, UNSUBSCRIBE_SECRET_NAME, message({ ...ids, kind }), signature)) && !found)
      found = kind;
  }
  return found;
}
