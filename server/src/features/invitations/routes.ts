import { contract, DELETABLE_STATUSES, INVITATION_MESSAGES, type InvitationStatus } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { s } from '../../ts-rest.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import type { Db } from '../../db/database.js';
import { saveWithFiles } from '../../services/files.js';
import { dryRunDatabase } from '../../services/invitation-processing/dry-run.js';
import * as repo from './repo.js';
import { checkChapterInScope } from '../../services/auth/chapter-scope.js';

/** Statuses in which the database and cleaning options may change (processing starts again). */
const REPROCESSABLE: readonly InvitationStatus[] = ['Draft', 'DB Processing', 'Ready'];

const today = () => new Date().toISOString().slice(0, 10);
/** A day before today (UTC) with a day of slack for the browser's time zone. */
const isPast = (day: string) => day < new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** A date may stay in the past once it is there (an old campaign), but never be moved into it. */
function refusePastDates(body: repo.InvitationValues, before?: { deadline: string; orientationDate: string }) {
  const field = (['deadline', 'orientationDate'] as const).find((f) => isPast(body[f]) && body[f] !== before?.[f]);
  if (field) throw fieldError(field, INVITATION_MESSAGES.pastDate, `today is ${today()}`);
}

/** Only enabled variables can be put on an invitation (one already there may stay). */
async function checkTest(db: Db, testId: number | null, current: number | null = null) {
  if (testId === null || testId === current) return;
  const test = await db.selectFrom('invitationTests').select('enabled').where('id', '=', testId).executeTakeFirst();
  if (!test?.enabled) throw fieldError('testId', 'Test is required', 'The variable does not exist or is not enabled');
}

async function queueProcessing(request: FastifyRequest, db: Db, id: number) {
  const run = await repo.startProcessing(db, id);
  await request.server.jobs.send('process-invitation-database', { invitationId: id, run }, { db });
}

type Inputs = {
  databaseId: number | null;
  cleanJoined: boolean;
  cleanInviteCount: number | string;
  testId: number | null;
};
const changed = (a: Inputs, b: Inputs) =>
  a.databaseId !== b.databaseId ||
  a.cleanJoined !== b.cleanJoined ||
  String(a.cleanInviteCount) !== String(b.cleanInviteCount) ||
  a.testId !== b.testId;

export const invitationRoutes = s.router(contract.invitations, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listInvitations(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'invitations', repo.exportInvitations(request.server.db, query)),

  get: async ({ params, request }) => {
    const invitation = await repo.getInvitation(request.server.db, params.id);
    if (!invitation) throw notFound('Invitation');
    return { status: 200, body: invitation };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    checkChapterInScope(body.chapterId);
    refusePastDates(body);
    await checkTest(db, body.testId);
    const id = await saveWithFiles(db, [['Database', body.databaseId]], async (trx) => {
      const created = await repo.createInvitation(trx, body, request.account!.id);
      await queueProcessing(request, trx, created);
      return created;
    });
    return { status: 201, body: (await repo.getInvitation(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    const before = await repo.getInvitation(db, params.id);
    if (!before) throw notFound('Invitation');
    checkChapterInScope(body.chapterId);
    refusePastDates(body, before);
    await saveWithFiles(db, [['Database', body.databaseId]], async (trx) => {
      const state = await repo.currentState(trx, params.id, true);
      if (!state) throw notFound('Invitation');
      await checkTest(trx, body.testId, state.testId);
      const reprocess = changed(state, body) || state.status === 'Draft';
      if (reprocess && !REPROCESSABLE.includes(state.status))
        throw new AppError(409, INVITATION_MESSAGES.databaseLocked);
      await repo.updateInvitation(trx, params.id, body, request.account!.id);
      if (reprocess) await queueProcessing(request, trx, params.id);
    });
    return { status: 200, body: (await repo.getInvitation(db, params.id))! };
  },

  remove: async ({ params, request }) => {
    const outcome = await repo.deleteInvitation(request.server.db, params.id, DELETABLE_STATUSES);
    if (outcome === 'missing') throw notFound('Invitation');
    if (outcome === 'refused') throw new AppError(409, INVITATION_MESSAGES.notDeletable);
    return { status: 204, body: undefined };
  },

  analytics: async ({ params, request }) => {
    const { db } = request.server;
    if (!(await repo.currentState(db, params.id))) throw notFound('Invitation');
    return { status: 200, body: { days: await repo.invitationAnalytics(db, params.id) } };
  },

  dryRun: async ({ body, request }) => {
    const { db, storage } = request.server;
    return { status: 200, body: await dryRunDatabase({ db, storage }, body) };
  },
});
