import type { Kysely } from 'kysely';
import type { Db, Trx } from '../../db/database.js';
import { iso } from '../../db/iso.js';
import {
  findQuestionnaire,
  lockQuestionnaire,
  nextQuestionIndex,
  questionBelongs,
  touchQuestionnaire,
  usedBy,
  type QuestionnaireKind,
} from './questionnaires.js';

// The detail and question calls quizzes and surveys share, given what differs (see questionnaireRepo).

/**
 * A quiz or survey as its detail page reads it: its row, its questions (from `loadQuestions`, which
 * differs by kind) and the program components using it. Undefined when it does not exist.
 */
export async function getQuestionnaire<Q>(
  db: Db,
  kind: QuestionnaireKind,
  id: number,
  loadQuestions: (db: Db, id: number) => Promise<Q[]>,
) {
  const found = await findQuestionnaire(db, kind, id);
  if (!found) return undefined;
  const [questions, users] = await Promise.all([loadQuestions(db, id), usedBy(db, kind, id)]);
  return { ...found, createdAt: iso(found.createdAt), updatedAt: iso(found.updatedAt), questions, usedBy: users };
}

/** A question's own columns as its form saves them (its parent and index are set here). */
type QuestionColumns = Record<string, string | number | null>;

/**
 * Adds a question at the end under the parent's lock, then its rows (`writeRows`: answers, options).
 * Answers its id; undefined when the quiz or survey does not exist.
 */
export async function addQuestion(
  trx: Trx,
  kind: QuestionnaireKind,
  id: number,
  columns: QuestionColumns,
  writeRows: (questionId: number) => Promise<unknown>,
): Promise<number | undefined> {
  if (!(await lockQuestionnaire(trx, kind, id))) return undefined;
  const index = await nextQuestionIndex(trx, kind, id);
  const { id: questionId } = await (trx as Kysely<any>)
    .insertInto(kind.questions)
    .values({ ...columns, [kind.parentColumn]: id, index })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeRows(questionId);
  await touchQuestionnaire(trx, kind, id);
  return questionId;
}

/** Rewrites a question's columns and rows under the parent's lock; false when the parent has no such question. */
export async function changeQuestion(
  trx: Trx,
  kind: QuestionnaireKind,
  id: number,
  questionId: number,
  columns: QuestionColumns,
  writeRows: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await lockQuestionnaire(trx, kind, id)) || !(await questionBelongs(trx, kind, id, questionId))) return false;
  await (trx as Kysely<any>)
    .updateTable(kind.questions)
    .set({ ...columns, updatedAt: new Date() })
    .where('id', '=', questionId)
    .execute();
  await writeRows();
  await touchQuestionnaire(trx, kind, id);
  return true;
}

/** Where a kind's questions load from: all of a quiz or survey, or one question. */
export type QuestionsOf = { parentId: number } | { questionId: number };

/**
 * A kind's detail and question calls, from what differs between quizzes and surveys: how its questions
 * load, the columns its form saves and the rows under a question (answers, options).
 * @example export const { get: getSurvey, getQuestion, createQuestion, updateQuestion } = questionnaireRepo(surveyKind, { loadQuestions, columnsOf, writeRows: writeOptions });
 */
export function questionnaireRepo<Q, V>(
  kind: QuestionnaireKind,
  parts: {
    loadQuestions: (db: Db, where: QuestionsOf) => Promise<Q[]>;
    columnsOf: (values: V) => QuestionColumns;
    writeRows: (trx: Trx, questionId: number, values: V) => Promise<unknown>;
  },
) {
  return {
    get: (db: Db, id: number) =>
      getQuestionnaire(db, kind, id, (db, parentId) => parts.loadQuestions(db, { parentId })),
    getQuestion: async (db: Db, questionId: number): Promise<Q | undefined> =>
      (await parts.loadQuestions(db, { questionId }))[0],
    createQuestion: (trx: Trx, id: number, values: V) =>
      addQuestion(trx, kind, id, parts.columnsOf(values), (questionId) => parts.writeRows(trx, questionId, values)),
    updateQuestion: (trx: Trx, id: number, questionId: number, values: V) =>
      changeQuestion(trx, kind, id, questionId, parts.columnsOf(values), () =>
        parts.writeRows(trx, questionId, values),
      ),
  };
}
