import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { notFound } from '../../errors.js';
import * as shared from '../../services/questions/questionnaires.js';
import * as repo from './repo.js';
import { quizKind as kind } from './repo.js';

const found = <T>(value: T | undefined, what = 'Quiz'): T => {
  if (value === undefined) throw notFound(what);
  return value;
};

export const quizRoutes = s.router(contract.quizzes, {
  list: async ({ query, request }) => ({ status: 200, body: await shared.listQuestionnaires(request.server.db, kind, query) }),

  get: async ({ params, request }) => ({ status: 200, body: found(await repo.getQuiz(request.server.db, params.id)) }),

  create: async ({ body, request }) => {
    const id = await shared.createQuestionnaire(request.server.db, kind, body.name);
    return { status: 201, body: found(await repo.getQuiz(request.server.db, id)) };
  },

  update: async ({ params, body, request }) => {
    if (!(await shared.renameQuestionnaire(request.server.db, kind, params.id, body.name))) throw notFound('Quiz');
    return { status: 200, body: found(await repo.getQuiz(request.server.db, params.id)) };
  },

  remove: async ({ params, request }) => {
    const deleted = await request.server.db.transaction().execute((trx) => shared.deleteQuestionnaire(trx, kind, params.id));
    if (!deleted) throw notFound('Quiz');
    return { status: 204, body: undefined };
  },

  createQuestion: async ({ params, body, request }) => {
    const id = found(await request.server.db.transaction().execute((trx) => repo.createQuestion(trx, params.id, body)));
    return { status: 201, body: found(await repo.getQuestion(request.server.db, id), 'Question') };
  },

  updateQuestion: async ({ params, body, request }) => {
    const ok = await request.server.db.transaction().execute((trx) => repo.updateQuestion(trx, params.id, params.questionId, body));
    if (!ok) throw notFound('Question');
    return { status: 200, body: found(await repo.getQuestion(request.server.db, params.questionId), 'Question') };
  },

  reorderQuestions: async ({ params, body, request }) => {
    const ok = await request.server.db.transaction().execute((trx) => shared.reorderQuestions(trx, kind, params.id, body.entityIds));
    if (!ok) throw notFound('Quiz');
    return { status: 200, body: found(await repo.getQuiz(request.server.db, params.id)) };
  },

  removeQuestion: async ({ params, request }) => {
    const deleted = await request.server.db.transaction().execute((trx) => shared.deleteQuestion(trx, kind, params.id, params.questionId));
    if (!deleted) throw notFound('Question');
    return { status: 204, body: undefined };
  },
});
