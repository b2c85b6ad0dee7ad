import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { checkUnscoped, invitationReachable } from '../../services/auth/chapter-scope.js';
import { saveGuardRules, guardRules } from '../../services/deliverability/guard-rules.js';
import { resumePause, livePauses } from '../../services/deliverability/guard-pauses.js';
import { guardsOverview } from './repo.js';

/** The bounce and complaint guards (issue 37 §3): rates, pauses and rules; resuming is explicit and audited. */
export const deliverabilityGuardsRoutes = s.router(contract.deliverabilityGuards, {
  guards: async ({ query, request }) => {
    const { db, config } = request.server;
    if (query.invitationId && !(await invitationReachable(db, query.invitationId))) throw notFound('Invitation');
    return { status: 200, body: await guardsOverview(db, config, query.invitationId) };
  },

  saveRules: async ({ body, request }) => {
    const { db } = request.server;
    // The rules hold for every address, whatever the chapter: only staff of every chapter change them.
    checkUnscoped();
    await saveGuardRules(db, body.rules, request.account?.id ?? null);
    return { status: 200, body: { rules: await guardRules(db) } };
  },

  resume: async ({ params, request }) => {
    const { db } = request.server;
    const pause = (await livePauses(db)).find((p) => p.id === params.id);
    if (pause?.invitationId === null) checkUnscoped();
    const reachable = pause && (pause.invitationId === null || (await invitationReachable(db, pause.invitationId)));
    if (!reachable || !(await resumePause(db, params.id, request.account?.id ?? null)))
      throw new AppError(404, 'This pause was not found or has already been resumed');
    // The reminders it held start at the next minute's pass (start-due-reminders).
    return { status: 200, body: { resumed: true as const } };
  },
});
