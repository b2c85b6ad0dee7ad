import { SURVEY_MESSAGES, type Survey, type SurveyQuestion, type SurveyQuestionValues } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import {
  addQuestion,
  changeQuestion,
  getQuestionnaire,
  syncChildren,
  type QuestionnaireKind,
} from '../../services/questions/questionnaires.js';

export const surveyKind: QuestionnaireKind = {
  table: 'surveys',
  questions: 'survey_questions',
  parentColumn: 'survey_id',
  noun: 'Survey',
  inUse: SURVEY_MESSAGES.inUse,
};

async function loadQuestions(db: Db, where: { surveyId: number } | { questionId: number }): Promise<SurveyQuestion[]> {
  let qb = db
    .selectFrom('surveyQuestions')
    .select(['id', 'index', 'question', 'type', 'category', 'maxChosenOptions'])
    .orderBy('index')
    .orderBy('id');
  qb = 'surveyId' in where ? qb.where('surveyId', '=', where.surveyId) : qb.where('id', '=', where.questionId);
  const questions = await qb.execute();
  const ids = questions.map((q) => q.id);
  if (!ids.length) return [];
  const options = await db
    .selectFrom('surveyOptions')
    .select(['id', 'questionId', 'option'])
    .where('questionId', 'in', ids)
    .orderBy('index')
    .execute();
  return questions.map((q) => ({
    ...q,
    options: options.filter((o) => o.questionId === q.id).map(({ questionId, ...o }) => o),
  }));
}

export const getSurvey = (db: Db, id: number): Promise<Survey | undefined> =>
  getQuestionnaire(db, surveyKind, id, (db, surveyId) => loadQuestions(db, { surveyId }));

export async function getQuestion(db: Db, questionId: number): Promise<SurveyQuestion | undefined> {
  return (await loadQuestions(db, { questionId }))[0];
}

const writeOptions = (trx: Trx, questionId: number, q: SurveyQuestionValues) =>
  syncChildren(
    trx,
    'surveyOptions',
    questionId,
    q.options.map(({ id, option }) => ({ id, values: { option } })),
  );

const columnsOf = (q: SurveyQuestionValues) => ({
  question: q.question,
  type: q.type,
  category: q.category,
  maxChosenOptions: q.maxChosenOptions,
});

/** Adds a question at the end of the survey; undefined when the survey does not exist. */
export const createQuestion = (trx: Trx, surveyId: number, q: SurveyQuestionValues): Promise<number | undefined> =>
  addQuestion(trx, surveyKind, surveyId, columnsOf(q), (id) => writeOptions(trx, id, q));

/** Replaces a question's text, type, category and options; false when the survey has no such question. */
export const updateQuestion = (trx: Trx, surveyId: number, questionId: number, q: SurveyQuestionValues) =>
  changeQuestion(trx, surveyKind, surveyId, questionId, columnsOf(q), () => writeOptions(trx, questionId, q));
