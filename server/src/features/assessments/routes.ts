import { contract } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import type { Trx } from '../../db/database.js';
import * as repo from './repo.js';
import * as parts from './parts-repo.js';
import * as service from './service.js';

/** Runs `change` on the locked assessment in one transaction, then answers the assessment as it now is. */
async function changeAssessment(request: FastifyRequest, id: number, change: (trx: Trx) => Promise<unknown>) {
  const { db } = request.server;
  await db.transaction().execute(async (trx) => {
    await service.lockOrFail(trx, id, request.account!.id);
    await change(trx);
  });
  return (await repo.getAssessment(db, id))!;
}

export const assessmentRoutes = s.router(contract.assessments, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listAssessments(request.server.db, query) }),

  get: async ({ params, request }) => {
    const assessment = await repo.getAssessment(request.server.db, params.id);
    if (!assessment) throw notFound('Assessment');
    return { status: 200, body: assessment };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    const id = await repo.insertAssessment(db, body, request.account!.id);
    return { status: 201, body: (await repo.getAssessment(db, id))! };
  },

  update: async ({ params, body, request }) => ({
    status: 200,
    body: await changeAssessment(request, params.id, (trx) => repo.updateAssessment(trx, params.id, body)),
  }),

  remove: async ({ params, request }) => {
    await request.server.db.transaction().execute((trx) => service.removeAssessment(trx, params.id));
    return { status: 204, body: undefined };
  },

  createOutcome: async ({ params, body, request }) => ({
    status: 201,
    body: await changeAssessment(request, params.id, (trx) => service.addOutcome(trx, params.id, body)),
  }),

  updateOutcome: async ({ params, body, request }) => ({
    status: 200,
    body: await changeAssessment(request, params.id, async (trx) => {
      if (!(await parts.updateOutcome(trx, params.id, params.outcomeId, body))) throw notFound('Outcome');
    }),
  }),

  removeOutcome: async ({ params, request }) => {
    await changeAssessment(request, params.id, async (trx) => {
      if (!(await parts.deleteOutcome(trx, params.id, params.outcomeId))) throw notFound('Outcome');
    });
    return { status: 204, body: undefined };
  },

  createQuestion: async ({ params, body, request }) => ({
    status: 201,
    body: await changeAssessment(request, params.id, (trx) => service.addQuestion(trx, params.id, body)),
  }),

  updateQuestion: async ({ params, body, request }) => ({
    status: 200,
    body: await changeAssessment(request, params.id, (trx) =>
      service.changeQuestion(trx, params.id, params.questionId, body),
    ),
  }),

  removeQuestion: async ({ params, request }) => {
    await changeAssessment(request, params.id, async (trx) => {
      if (!(await parts.deleteQuestion(trx, params.id, params.questionId))) throw notFound('Question');
    });
    return { status: 204, body: undefined };
  },

  updateScores: async ({ params, body, request }) => ({
    status: 200,
    body: await changeAssessment(request, params.id, (trx) => service.saveScores(trx, params.id, body)),
  }),
});
