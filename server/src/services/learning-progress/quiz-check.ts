import type { QuestionType } from '@app/contract';

/** What checking reads of a quiz question: its answers (in the correct order for sort) and matcher statements. */
export type CheckableQuestion = {
  type: QuestionType;
  answers: ReadonlyArray<{ id: number; answer: string; correct: boolean; feedback: string | null }>;
  statements: ReadonlyArray<{ id: number; feedback: string | null; answerId: number }>;
};

type Answer = { answerIds: number[]; text?: string | null; matches: Array<{ statementId: number; answerId: number }> };

/**
 * Marks one quiz answer with per-answer feedback:
 * - single / multi select: right when the chosen set equals the correct set; every answer comes back with
 *   chosen, correct and its feedback;
 * - sort: right when the ids come in the stored order (the correct one);
 * - matcher: each statement right when the answer chosen for it is the one it matches (feedback per
 *   statement); the question right when every statement is;
 * - open ended: stored, always right.
 * @example checkQuizAnswer({ type: 'single select', answers: [a, b], statements: [] }, { answerIds: [a.id], matches: [] }).correct // a.correct
 */
export function checkQuizAnswer(q: CheckableQuestion, answer: Answer) {
  const chosen = new Set(answer.answerIds);
  const answers = q.answers.map((a) => ({
    answerId: a.id,
    chosen: chosen.has(a.id),
    correct: a.correct,
    feedback: a.feedback,
  }));
  const byStatement = new Map(answer.matches.map((m) => [m.statementId, m.answerId]));
  const textOf = new Map(q.answers.map((a) => [a.id, a.answer]));
  const statements = q.statements.map((s) => {
    const chosenAnswerId = byStatement.get(s.id) ?? null;
    return {
      statementId: s.id,
      chosenAnswerId,
      correctAnswerId: s.answerId,
      correctAnswerText: textOf.get(s.answerId) ?? '',
      correct: chosenAnswerId === s.answerId,
      feedback: s.feedback,
    };
  });
  const correctOrder = q.answers.map((a) => a.id);
  let correct: boolean;
  switch (q.type) {
    case 'single select':
    case 'multi select':
      correct = answers.every((a) => a.chosen === a.correct);
      break;
    case 'sort':
      correct =
        answer.answerIds.length === correctOrder.length && correctOrder.every((id, i) => answer.answerIds[i] === id);
      break;
    case 'matcher':
      correct = statements.every((s) => s.correct);
      break;
    default:
      correct = true;
  }
  return {
    correct,
    answers: q.type === 'single select' || q.type === 'multi select' ? answers : [],
    statements: q.type === 'matcher' ? statements : [],
    correctOrder: q.type === 'sort' ? correctOrder : [],
  };
}
