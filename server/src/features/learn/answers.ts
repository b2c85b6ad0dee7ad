import { LEARN_MESSAGES, scoreAssessment } from '@app/contract';
import { AppError } from '../../errors.js';
import { completeComponent, recordAnswers, setScore } from '../../services/learning-progress/index.js';
import { checkQuizAnswer } from '../../services/learning-progress/quiz-check.js';
import * as repo from './repo.js';
import { notFound, type LearnerContext } from './service.js';

// Learner answers: checked against the question, stored per question id (`q<id>`) or segment id (`s<id>`) in
// the component's progress, and the component completed (XP once) when the last one is in.

const bad = (message: string) => new AppError(400, message);
const key = (questionId: number) => `q${questionId}`;
const allAnswered = (answers: Record<string, unknown>, questionIds: number[]) =>
  questionIds.every((id) => answers[key(id)] !== undefined);

/** Chosen ids must be among `known`, unique, and for single select exactly one; `max` (null: any) caps the rest. */
function checkChoices(chosen: number[], known: number[], type: string, max: number | null) {
  const ids = new Set(known);
  if (chosen.some((id) => !ids.has(id)) || new Set(chosen).size !== chosen.length)
    throw bad(LEARN_MESSAGES.unknownChoice);
  if (type === 'single select' && chosen.length !== 1) throw bad(LEARN_MESSAGES.chooseOne);
  if (type === 'multi select' && (chosen.length < 1 || (max !== null && chosen.length > max)))
    throw bad(chosen.length ? LEARN_MESSAGES.tooManyChoices : LEARN_MESSAGES.chooseAtLeastOne);
  if (type === 'sort' && chosen.length !== known.length) throw bad(LEARN_MESSAGES.orderEveryAnswer);
}

type QuizBody = {
  answerIds: number[];
  text?: string | null;
  matches: Array<{ statementId: number; answerId: number }>;
};

export async function answerQuiz(ctx: LearnerContext, row: repo.ComponentRow, position: number, body: QuizBody) {
  const q = row.quizId === null ? undefined : await repo.quizQuestionAt(ctx.db, row.quizId, position);
  if (!q) throw notFound();
  if (q.type === 'open ended') {
    if (!body.text?.trim()) throw bad(LEARN_MESSAGES.writeAnswer);
  } else if (q.type === 'matcher') {
    const answerIds = new Set(q.answers.map((a) => a.id));
    const statementIds = new Set(q.statements.map((s) => s.id));
    const seen = new Set(body.matches.map((m) => m.statementId));
    if (
      body.matches.some((m) => !answerIds.has(m.answerId) || !statementIds.has(m.statementId)) ||
      seen.size !== body.matches.length
    )
      throw bad(LEARN_MESSAGES.unknownChoice);
    if (seen.size !== statementIds.size) throw bad(LEARN_MESSAGES.matchEveryStatement);
  } else {
    checkChoices(
      body.answerIds,
      q.answers.map((a) => a.id),
      q.type,
      q.maxChosenAnswers,
    );
  }
  const feedback = checkQuizAnswer(q, body);
  const stored = {
    answerIds: body.answerIds,
    text: body.text?.trim() || null,
    matches: body.matches,
    correct: feedback.correct,
  };
  const answers = await recordAnswers(ctx.db, ctx.accountId, row, { [key(q.id)]: stored });
  const score = q.questionIds.filter((id) => (answers[key(id)] as { correct?: boolean } | undefined)?.correct).length;
  await setScore(ctx.db, ctx.accountId, row.id, score);
  if (allAnswered(answers, q.questionIds)) await completeComponent(ctx.db, ctx.accountId, row);
  return feedback;
}

export type SurveyStored = { optionIds: number[]; text: string | null };

export async function answerSurvey(
  ctx: LearnerContext,
  row: repo.ComponentRow,
  position: number,
  body: { optionIds: number[]; text?: string | null },
) {
  const q = row.surveyId === null ? undefined : await repo.surveyQuestionAt(ctx.db, row.surveyId, position);
  if (!q) throw notFound();
  let stored: SurveyStored;
  if (q.type === 'open ended') {
    if (!body.text?.trim()) throw bad(LEARN_MESSAGES.writeAnswer);
    stored = { optionIds: [], text: body.text.trim() };
  } else {
    checkChoices(
      body.optionIds,
      q.options.map((o) => o.id),
      q.type,
      q.maxChosenOptions,
    );
    // Sort keeps the learner's order; the others are a set.
    stored = { optionIds: body.optionIds, text: null };
  }
  const answers = await recordAnswers(ctx.db, ctx.accountId, row, { [key(q.id)]: stored });
  if (allAnswered(answers, q.questionIds)) await completeComponent(ctx.db, ctx.accountId, row);
}

export async function answerAssessment(
  ctx: LearnerContext,
  row: repo.ComponentRow,
  position: number,
  answerIds: number[],
) {
  const assessment = row.assessmentId === null ? undefined : await repo.assessmentFor(ctx.db, row.assessmentId);
  const q = assessment?.questions[position - 1];
  if (!assessment || !q) throw notFound();
  checkChoices(
    answerIds,
    q.answers.map((a) => a.id),
    q.type,
    null,
  );
  const answers = await recordAnswers(ctx.db, ctx.accountId, row, { [key(q.id)]: { answerIds } });
  if (
    allAnswered(
      answers,
      assessment.questions.map((x) => x.id),
    )
  )
    await completeComponent(ctx.db, ctx.accountId, row);
}

/** The outcome of the member's answers by the shared scoring function; 409 until every question is answered. */
export function assessmentOutcome(
  assessment: NonNullable<Awaited<ReturnType<typeof repo.assessmentFor>>>,
  answers: Record<string, unknown>,
) {
  if (
    !allAnswered(
      answers,
      assessment.questions.map((q) => q.id),
    )
  )
    throw new AppError(409, LEARN_MESSAGES.answerEveryQuestion);
  const chosen = assessment.questions.flatMap((q) => (answers[key(q.id)] as { answerIds: number[] }).answerIds);
  const result = scoreAssessment(assessment, chosen);
  const title = new Map(assessment.outcomes.map((o) => [o.id, o.title]));
  return {
    outcome: assessment.outcomes.find((o) => o.id === result.outcomeId) ?? null,
    totals: result.totals.map((t) => ({ ...t, title: title.get(t.outcomeId)! })),
    decidedBy: result.decidedBy,
  };
}

export const chosenOf = (answers: Record<string, unknown>, questionId: number) => answers[key(questionId)];

/** Marks a segment done; the last one completes its lesson. */
export async function completeSegment(
  ctx: LearnerContext,
  row: repo.ComponentRow,
  segmentId: number,
  segmentIds: number[],
) {
  const answers = await recordAnswers(ctx.db, ctx.accountId, row, { [`s${segmentId}`]: true });
  if (segmentIds.every((id) => answers[`s${id}`])) await completeComponent(ctx.db, ctx.accountId, row);
}
