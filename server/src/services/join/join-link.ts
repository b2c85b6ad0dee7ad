import type { Db } from '../../db/database.js';
import { baseOf, linkSigner, verifyLinkSignature, type LinkOptions } from '../signed-link.js';

/** The app secret join links are signed with (generated once into app_secrets). */
export const JOIN_SECRET_NAME = 'join-hmac';

const message = (invitationCode: string) => `join:${invitationCode}`;

/**
 * Builds join links for many invitees with one secret lookup: `PUBLIC_URL/join/{invitationCode}?signature=`,
 * the signature an HMAC-SHA256 over the code (the same mechanism as unsubscribe links, its own secret).
 * @example const link = await joinLinkBuilder(db); link('NWU-7KQ2P') // 'https://…/join/NWU-7KQ2P?signature=…'
 */
export async function joinLinkBuilder(db: Db, options: LinkOptions = {}): Promise<(invitationCode: string) => string> {
  const sign = await linkSigner(db, JOIN_SECRET_NAME);
  const base = baseOf(options);
  return (code) => `${base}/join/${encodeURIComponent(code)}?signature=${sign(message(code))}`;
}

/** The signature of one invitation code's join link. */
export async function joinSignature(db: Db, invitationCode: string): Promise<string> {
  return (await linkSigner(db, JOIN_SECRET_NAME))(message(invitationCode));
}

/** Whether `signature` signs this invitation code; constant time; a missing one is false. */
export function verifyJoinSignature(
  db: Db,
  invitationCode: string,
  signature: string | undefined | null,
): Promise<boolean> {
  return verifyLinkSignature(db, JOIN_SECRET_NAME, message(invitationCode), signature);
}
