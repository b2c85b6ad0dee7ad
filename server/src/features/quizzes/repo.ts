import { QUIZ_MESSAGES, type Quiz, type QuizQuestion, type QuizQuestionValues } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { syncChildren, type QuestionnaireKind } from '../../services/questions/questionnaires.js';
import { questionnaireRepo, type QuestionsOf } from '../../services/questions/questionnaire-repo.js';

export const quizKind: QuestionnaireKind = {
  table: 'quizzes',
  questions: 'quiz_questions',
  parentColumn: 'quiz_id',
  noun: 'Quiz',
  inUse: QUIZ_MESSAGES.inUse,
};

/** Questions with their answers and matcher statements (the statement's answer text joined in). */
async function loadQuestions(db: Db, where: QuestionsOf): Promise<QuizQuestion[]> {
  let qb = db
    .selectFrom('quizQuestions')
    .select(['id', 'index', 'question', 'type', 'maxChosenAnswers'])
    .orderBy('index')
    .orderBy('id');
  qb = 'parentId' in where ? qb.where('quizId', '=', where.parentId) : qb.where('id', '=', where.questionId);
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

const repo = questionnaireRepo(quizKind, { loadQuestions, columnsOf, writeRows: writeChildren });

export const getQuiz = (db: Db, id: number): Promise<Quiz | undefined> => repo.get(db, id);
export const { getQuestion, createQuestion, updateQuestion } = repo;
