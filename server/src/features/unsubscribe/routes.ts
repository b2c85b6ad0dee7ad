import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { verifyUnsubscribeSignature, type UnsubscribeKind } from '../../services/mail/unsubscribe-link.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';

export const BAD_LINK = 'This unsubscribe link is not valid';

async function checkSignature(
  db: Db,
  target: repo.UnsubscribeTarget,
  signature: string | undefined,
): Promise<UnsubscribeKind> {
  const kind = await verifyUnsubscribeSignature(db, target, signature);
  if (!kind) throw new AppError(403, BAD_LINK);
  return kind;
}

/** A test send's link (emailId '0'): spec 02's client answers this without calling; the server agrees and changes nothing. */
const TEST_SEND_ANSWER = { status: 200 as const, body: { success: true, alreadyUnsubscribed: false } };

/** Spec 02 §7 Public: the signed link's status and unsubscribe calls (no session; see public-cors.ts). */
export const publicUnsubscribeRoutes = s.router(contract.publicUnsubscribe, {
  status: async ({ params, query, request }) => {
    const { db } = request.server;
    if ((await checkSignature(db, params, query.signature)) === 'test') return TEST_SEND_ANSWER;
    const invitee = await repo.linkInvitee(db, params);
    if (!invitee) throw notFound('Invitee');
    return { status: 200, body: { success: true, alreadyUnsubscribed: invitee.emailUnsub } };
  },

  unsubscribe: async ({ params, query, request }) => {
    const { db } = request.server;
    const kind = await checkSignature(db, params, query.signature);
    if (kind === 'test') return TEST_SEND_ANSWER;
    const userAgent = request.headers['user-agent'];
    const done = await repo.unsubscribe(
      db,
      { ...params, kind },
      { ipAddress: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null },
    );
    if (!done) throw notFound('Invitee');
    return { status: 200, body: { success: true, alreadyUnsubscribed: done.alreadyUnsubscribed } };
  },
});
