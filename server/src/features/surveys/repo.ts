import { SURVEY_MESSAGES, type Survey, type SurveyQuestion, type SurveyQuestionValues } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { syncChildren, type QuestionnaireKind } from '../../services/questions/questionnaires.js';
import { questionnaireRepo, type QuestionsOf } from '../../services/questions/questionnaire-repo.js';

export const surveyKind: QuestionnaireKind = {
  table: 'surveys',
  questions: 'survey_questions',
  parentColumn: 'survey_id',
  noun: 'Survey',
  inUse: SURVEY_MESSAGES.inUse,
};

async function loadQuestions(db: Db, where: QuestionsOf): Promise<SurveyQuestion[]> {
  let qb = db
    .selectFrom('surveyQuestions')
    .select(['id', 'index', 'question', 'type', 'category', 'maxChosenOptions'])
    .orderBy('index')
    .orderBy('id');
  qb = 'parentId' in where ? qb.where('surveyId', '=', where.parentId) : qb.where('id', '=', where.questionId);
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

const repo = questionnaireRepo(surveyKind, { loadQuestions, columnsOf, writeRows: writeOptions });

export const getSurvey = (db: Db, id: number): Promise<Survey | undefined> => repo.get(db, id);
export const { getQuestion, createQuestion, updateQuestion } = repo;
