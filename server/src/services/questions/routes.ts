import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { QuestionnaireInput, QuestionnaireListQuery, QuestionOrderInput } from '@app/contract';
import { notFound, orNotFound } from '../../errors.js';
import type { Db, Trx } from '../../db/database.js';
import * as shared from './questionnaires.js';

/** What a quiz-like area reads and writes itself (its detail and question shapes); the rest is shared. */
export type QuestionnaireArea<Detail, Question, Values> = {
  kind: shared.QuestionnaireKind;
  get: (db: Db, id: number) => Promise<Detail | undefined>;
  getQuestion: (db: Db, questionId: number) => Promise<Question | undefined>;
  /** Appends a question; undefined when the parent does not exist. */
  createQuestion: (trx: Trx, id: number, values: Values) => Promise<number | undefined>;
  /** Replaces a question; false when the parent has no such question. */
  updateQuestion: (trx: Trx, id: number, questionId: number, values: Values) => Promise<boolean>;
};

type Ids = { id: number };
type QuestionIds = { id: number; questionId: number };
type Args<T> = T & { request: FastifyRequest };

/**
 * The handlers of the eight routes `questionnaireRoutes` declares (contract/src/common/questions.ts),
 * for quizzes and surveys alike.
 * @example export const quizRoutes = s.router(contract.quizzes, questionnaireHandlers({ kind: quizKind, get: repo.getQuiz, ... }));
 */
export function questionnaireHandlers<Detail, Question, Values>(area: QuestionnaireArea<Detail, Question, Values>) {
  const { kind } = area;
  const detail = async (db: Db, id: number) => orNotFound(await area.get(db, id), kind.noun);
  const question = async (db: Db, questionId: number) => orNotFound(await area.getQuestion(db, questionId), 'Question');
  const inTransaction = <T>(request: FastifyRequest, work: (trx: Trx) => Promise<T>) =>
    request.server.db.transaction().execute(work);
  return {
    list: async ({ query, request }: Args<{ query: z.output<typeof QuestionnaireListQuery> }>) =>
      ({ status: 200, body: await shared.listQuestionnaires(request.server.db, kind, query) }) as const,

    get: async ({ params, request }: Args<{ params: Ids }>) =>
      ({ status: 200, body: await detail(request.server.db, params.id) }) as const,

    create: async ({ body, request }: Args<{ body: z.output<typeof QuestionnaireInput> }>) => {
      const id = await shared.createQuestionnaire(request.server.db, kind, body.name);
      return { status: 201, body: await detail(request.server.db, id) } as const;
    },

    update: async ({ params, body, request }: Args<{ params: Ids; body: z.output<typeof QuestionnaireInput> }>) => {
      if (!(await shared.renameQuestionnaire(request.server.db, kind, params.id, body.name))) throw notFound(kind.noun);
      return { status: 200, body: await detail(request.server.db, params.id) } as const;
    },

    remove: async ({ params, request }: Args<{ params: Ids }>) => {
      if (!(await inTransaction(request, (trx) => shared.deleteQuestionnaire(trx, kind, params.id))))
        throw notFound(kind.noun);
      return { status: 204, body: undefined } as const;
    },

    createQuestion: async ({ params, body, request }: Args<{ params: Ids; body: Values }>) => {
      const id = orNotFound(
        await inTransaction(request, (trx) => area.createQuestion(trx, params.id, body)),
        kind.noun,
      );
      return { status: 201, body: await question(request.server.db, id) } as const;
    },

    updateQuestion: async ({ params, body, request }: Args<{ params: QuestionIds; body: Values }>) => {
      if (!(await inTransaction(request, (trx) => area.updateQuestion(trx, params.id, params.questionId, body))))
        throw notFound('Question');
      return { status: 200, body: await question(request.server.db, params.questionId) } as const;
    },

    reorderQuestions: async ({
      params,
      body,
      request,
    }: Args<{ params: Ids; body: z.output<typeof QuestionOrderInput> }>) => {
      if (!(await inTransaction(request, (trx) => shared.reorderQuestions(trx, kind, params.id, body.entityIds))))
        throw notFound(kind.noun);
      return { status: 200, body: await detail(request.server.db, params.id) } as const;
    },

    removeQuestion: async ({ params, request }: Args<{ params: QuestionIds }>) => {
      if (!(await inTransaction(request, (trx) => shared.deleteQuestion(trx, kind, params.id, params.questionId))))
        throw notFound('Question');
      return { status: 204, body: undefined } as const;
    },
  };
}
