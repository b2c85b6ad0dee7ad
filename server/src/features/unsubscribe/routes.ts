import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { verifyUnsubscribeSignature } from '../../services/mail/unsubscribe-link.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';

export const BAD_LINK = 'This unsubscribe link is not valid';

async function checkSignature(db: Db, target: repo.UnsubscribeTarget, signature: string | undefined) {
  if (!(await verifyUnsubscribeSignature(db, target, signature))) throw new AppError(403, BAD_LINK);
}

/** Spec 02 §7 Public: the signed link's status and unsubscribe calls (no session; see public-cors.ts). */
export const publicUnsubscribeRoutes = s.router(contract.publicUnsubscribe, {
  status: async ({ params, query, request }) => {
    const { db } = request.server;
    await checkSignature(db, params, query.signature);
    const invitee = await repo.linkInvitee(db, params);
    if (!invitee) throw notFound('Invitee');
    return { status: 200, body: { success: true, alreadyUnsubscribed: invitee.emailUnsub } };
  },

  unsubscribe: async ({ params, query, request }) => {
    const { db } = request.server;
    await checkSignature(db, params, query.signature);
    const userAgent = request.headers['user-agent'];
    const done = await repo.unsubscribe(db, params, { ipAddress: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null });
    if (!done) throw notFound('Invitee');
    return { status: 200, body: { success: true, alreadyUnsubscribed: done.alreadyUnsubscribed } };
  },
});
