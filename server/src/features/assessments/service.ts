import { ASSESSMENT_MESSAGES as M, MAX_ASSESSMENT_OUTCOMES, MAX_ASSESSMENT_QUESTIONS } from '@app/contract';
import { syncChildren } from '../../services/questions/questionnaires.js';
import type { z } from 'zod';
import type { Trx } from '../../db/database.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import * as repo from './repo.js';
import * as parts from './parts-repo.js';

type QuestionPatch = z.output<typeof import('@app/contract').QuestionPatch>;
type ScoresValues = z.output<typeof import('@app/contract').ScoresInput>;

/** Locks the assessment (see repo.lockAssessment); 404 when it does not exist. */
export async function lockOrFail(trx: Trx, id: number, accountId: number | null): Promise<void> {
  if (!(await repo.lockAssessment(trx, id, accountId))) throw notFound('Assessment');
}

export async function removeAssessment(trx: Trx, id: number): Promise<void> {
  await lockOrFail(trx, id, null);
  if ((await repo.usedByComponents(trx, id)) > 0)
    throw new AppError(409, M.inUse, 'Remove it from the programs that use it first.');
  await repo.deleteAssessment(trx, id);
}

export async function addOutcome(
  trx: Trx,
  assessmentId: number,
  values: { title: string; description: string | null },
): Promise<void> {
  const { outcomes } = await parts.countParts(trx, assessmentId);
  if (outcomes >= MAX_ASSESSMENT_OUTCOMES)
    throw new AppError(
      409,
      M.tooManyOutcomes,
      'The score matrix shows up to 12 columns: the answers and one per outcome.',
    );
  await parts.insertOutcome(trx, assessmentId, values);
}

/** Each answer's outcomeId must be an outcome of this assessment; each id an answer of this question. */
async function checkAnswers(
  trx: Trx,
  assessmentId: number,
  answers: NonNullable<QuestionPatch['answers']>,
  questionId?: number,
) {
  const outcomes = await parts.outcomeIdsOf(trx, assessmentId);
  const own = questionId === undefined ? new Set<number>() : await parts.answerIdsOf(trx, assessmentId, questionId);
  answers.forEach((a, i) => {
    if (a.id !== undefined && !own.has(a.id)) throw fieldError(`answers.${i}.id`, M.answerNotOfQuestion);
    if (a.outcomeId !== null && !outcomes.has(a.outcomeId))
      throw new AppError(400, M.outcomeNotHere, undefined, [
        { path: ['answers', i, 'outcomeId'], message: M.outcomeNotHere },
      ]);
  });
}

async function saveAnswers(trx: Trx, questionId: number, answers: NonNullable<QuestionPatch['answers']>) {
  const ids = await syncChildren(
    trx,
    'assessmentAnswers',
    questionId,
    answers.map(({ id, answer }) => ({ id, values: { answer } })),
  );
  for (const [i, a] of answers.entries())
    if (a.outcomeId !== null) await parts.pointAnswerAt(trx, ids[i]!, a.outcomeId);
}

export async function addQuestion(trx: Trx, assessmentId: number, values: Required<QuestionPatch>): Promise<void> {
  const { questions } = await parts.countParts(trx, assessmentId);
  if (questions >= MAX_ASSESSMENT_QUESTIONS) throw new AppError(409, M.tooManyQuestions);
  await checkAnswers(trx, assessmentId, values.answers);
  const questionId = await parts.insertQuestion(
    trx,
    assessmentId,
    { question: values.question, type: values.type },
    questions,
  );
  await saveAnswers(trx, questionId, values.answers);
}

export async function changeQuestion(
  trx: Trx,
  assessmentId: number,
  questionId: number,
  values: QuestionPatch,
): Promise<void> {
  const { answers, ...fields } = values;
  if (!(await parts.updateQuestion(trx, assessmentId, questionId, fields))) throw notFound('Question');
  if (!answers) return;
  await checkAnswers(trx, assessmentId, answers, questionId);
  await saveAnswers(trx, questionId, answers);
}

/** The score matrix form: every answer and outcome must be this assessment's, and so the tie-breaker question. */
export async function saveScores(trx: Trx, assessmentId: number, values: ScoresValues): Promise<void> {
  const [questions, answers, outcomes] = await Promise.all([
    parts.questionIdsOf(trx, assessmentId),
    parts.answerIdsOf(trx, assessmentId),
    parts.outcomeIdsOf(trx, assessmentId),
  ]);
  if (values.tieBreakerQuestionId !== null && !questions.has(values.tieBreakerQuestionId))
    throw fieldError('tieBreakerQuestionId', M.tieBreakerNotHere);
  values.scores.forEach((s, i) => {
    if (!answers.has(s.answerId))
      throw new AppError(400, M.answerNotHere, undefined, [
        { path: ['scores', i, 'answerId'], message: M.answerNotHere },
      ]);
    if (!outcomes.has(s.outcomeId))
      throw new AppError(400, M.outcomeNotHere, undefined, [
        { path: ['scores', i, 'outcomeId'], message: M.outcomeNotHere },
      ]);
  });
  await parts.upsertScores(trx, values.scores);
  await parts.setTieBreaker(trx, assessmentId, values.tieBreakerQuestionId);
}
