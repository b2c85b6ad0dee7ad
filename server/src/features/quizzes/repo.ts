import { QUIZ_MESSAGES, type Quiz, type QuizQuestion, type QuizQuestionValues } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import {
  addQuestion,
  changeQuestion,
  getQuestionnaire,
  syncChildren,
  type QuestionnaireKind,
} from '../../services/questions/questionnaires.js';

export const quizKind: QuestionnaireKind = {
  table: 'quizzes',
  questions: 'quiz_questions',
  parentColumn: 'quiz_id',
  noun: 'Quiz',
  inUse: QUIZ_MESSAGES.inUse,
};

/** Questions with their answers and matcher statements (the statement's answer text joined in). */
async function loadQuestions(db: Db, where: { quizId: number } | { questionId: number }): Promise<QuizQuestion[]> {
  let qb = db
    .selectFrom('quizQuestions')
    .select(['id', 'index', 'question', 'type', 'maxChosenAnswers'])
    .orderBy('index')
    .orderBy('id');
  qb = 'quizId' in where ? qb.where('quizId', '=', where.quizId) : qb.where('id', '=', where.questionId);
  const questions = await qb.execute();
  const ids = questions.map((q) => q.id);
  if (!ids.length) return [];
  const [answers, statements] = await Promise.all([
    db
      .selectFrom('quizAnswers')
      .select(['id', 'questionId', 'answer', 'correct', 'feedback', 'outcomeId'])
      .where('questionId', 'in', ids)
      .orderBy('index')
      .execute(),
    db
      .selectFrom('quizStatements as s')
      .innerJoin('quizAnswers as a', 'a.id', 's.answerId')
      .select(['s.id', 's.questionId', 's.statement', 's.feedback', 's.answerId', 'a.answer as answerText'])
      .where('s.questionId', 'in', ids)
      .orderBy('s.index')
      .execute(),
  ]);
  return questions.map((q) => ({
    ...q,
    answers: answers.filter((a) => a.questionId === q.id).map(({ questionId, ...a }) => a),
    quizQuestionStatements: statements.filter((s) => s.questionId === q.id).map(({ questionId, ...s }) => s),
  }));
}

export const getQuiz = (db: Db, id: number): Promise<Quiz | undefined> =>
  getQuestionnaire(db, quizKind, id, (db, quizId) => loadQuestions(db, { quizId }));

export async function getQuestion(db: Db, questionId: number): Promise<QuizQuestion | undefined> {
  return (await loadQuestions(db, { questionId }))[0];
}

/** Answers, then statements matched to the saved answers by text (the contract checked each is there). */
async function writeChildren(trx: Trx, questionId: number, q: QuizQuestionValues) {
  const answerIds = await syncChildren(
    trx,
    'quizAnswers',
    questionId,
    q.answers.map(({ id, answer, correct, feedback }) => ({ id, values: { answer, correct, feedback } })),
  );
  const byText = new Map(q.answers.map((a, i) => [a.answer, answerIds[i]!]));
  await syncChildren(
    trx,
    'quizStatements',
    questionId,
    q.statements.map(({ id, statement, feedback, answerText }) => ({
      id,
      values: { statement, feedback, answerId: byText.get(answerText)! },
    })),
  );
}

const columnsOf = (q: QuizQuestionValues) => ({
  question: q.question,
  type: q.type,
  maxChosenAnswers: q.maxChosenAnswers,
});

/** Adds a question at the end of the quiz; undefined when the quiz does not exist. */
export const createQuestion = (trx: Trx, quizId: number, q: QuizQuestionValues): Promise<number | undefined> =>
  addQuestion(trx, quizKind, quizId, columnsOf(q), (id) => writeChildren(trx, id, q));

/** Replaces a question's text, type and rows; false when the quiz has no such question. */
export const updateQuestion = (trx: Trx, quizId: number, questionId: number, q: QuizQuestionValues) =>
  changeQuestion(trx, quizKind, quizId, questionId, columnsOf(q), () => writeChildren(trx, questionId, q));
