import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { blockAddress, isAutomatic, normalizeEmail } from '../../services/mail/suppression.js';

import type { UnsubscribeKind } from '../../services/mail/unsubscribe-link.js';

export type UnsubscribeTarget = { invitationId: number; emailId: number; inviteeId: number };
export type Requester = { ipAddress: string | null; userAgent: string | null };

/** The invitee a link names (it must belong to the link's invitation), or undefined. */
export async function linkInvitee(db: Db, { invitationId, inviteeId }: UnsubscribeTarget, lock = false) {
  let qb = db
    .selectFrom('invitees')
    .select(['id', 'email', 'emailUnsub'])
    .where('id', '=', inviteeId)
    .where('invitationId', '=', invitationId);
  if (lock) qb = qb.forUpdate();
  return qb.executeTakeFirst();
}

/** Sets the unsub flag of the send a link came in (once): answers the send when it changed. */
function markLinkSend(trx: Db, target: UnsubscribeTarget & { kind: UnsubscribeKind }, inviteeId: number) {
  let qb = trx
    .updateTable('emailSends')
    .set({ unsub: true })
    .where('inviteeId', '=', inviteeId)
    .where('unsub', '=', false);
  qb =
    target.kind === 'reminder'
      ? // A reminder's sends are keyed by invitee (queueInviteeEmails): one unique-index lookup.
        qb
          .where('source', '=', 'invitation_email')
          .where('sourceId', '=', String(target.emailId))
          .where('recipientKey', '=', String(inviteeId))
      : qb.where('id', '=', target.emailId);
  return qb.returning('id').executeTakeFirst();
}

/**
 * Unsubscribes the link's invitee at once, in one transaction (the invitee row locked, so concurrent
 * clicks agree on `alreadyUnsubscribed`): the invitee's emailUnsub flag; the send the link came in (a
 * reminder link: the invitee's send of that reminder; a tickler or older link: the send emailId names, if
 * it is this invitee's), its unsub flag and an 'unsub' event row (once); and an automatic Invitation
 * block of the address unless an automatic block covering invitations exists already.
 * Answers undefined when the invitee no longer exists.
 */
export async function unsubscribe(
  db: Db,
  target: UnsubscribeTarget & { kind: Exclude<UnsubscribeKind, 'test'> },
  by: Requester,
): Promise<{ alreadyUnsubscribed: boolean } | undefined> {
  return db.transaction().execute(async (trx) => {
    const invitee = await linkInvitee(trx, target, true);
    if (!invitee) return undefined;
    if (!invitee.emailUnsub) {
      await trx
        .updateTable('invitees')
        .set({ emailUnsub: true, updatedAt: sql`now()` })
        .where('id', '=', invitee.id)
        .execute();
    }
    const send = await markLinkSend(trx, target, invitee.id);
    if (send) {
      await trx
        .insertInto('emailEvents')
        .values({
          sendId: send.id,
          name: 'unsub',
          ipAddress: by.ipAddress,
          userAgent: by.userAgent,
          message: 'Unsubscribed through the signed link',
        })
        .execute();
    }
    const email = normalizeEmail(invitee.email);
    const blocks = await trx
      .selectFrom('blockedEmails')
      .select('feedbackType')
      .where('email', '=', email)
      .where('emailType', 'in', ['Invitation', 'All'])
      .execute();
    if (!blocks.some((b) => isAutomatic(b.feedbackType))) {
      await blockAddress(trx, {
        email,
        emailType: 'Invitation',
        reason: `Unsubscribed from invitation ${target.invitationId}`,
        feedbackType: 'unsub',
      });
    }
    return { alreadyUnsubscribed: invitee.emailUnsub };
  });
}
