import type { Assessment, ScoresInput } from '@app/contract';

/** The matrix being edited: a score per `answerId:outcomeId` (a missing cell is 0). */
export type ScoreGrid = Record<string, number>;

export const cellKey = (answerId: number, outcomeId: number) => `${answerId}:${outcomeId}`;

export function gridOf(assessment: Assessment): ScoreGrid {
  return Object.fromEntries(assessment.scores.map((s) => [cellKey(s.answerId, s.outcomeId), s.score]));
}

/** The assessment as the grid would make it: what the preview scores while scores are being edited. */
export function withGrid(assessment: Assessment, grid: ScoreGrid): Assessment {
  return {
    ...assessment,
    questions: assessment.questions.map((q) => ({
      ...q,
      answers: q.answers.map((a) => ({
        ...a,
        scores: assessment.outcomes.map((o) => ({
          id: 0,
          answerId: a.id,
          outcomeId: o.id,
          score: grid[cellKey(a.id, o.id)] ?? 0,
        })),
      })),
    })),
  };
}

/** The save body: every cell of the grid (answers x outcomes), and the tie-breaker. */
export function scoresBody(assessment: Assessment, grid: ScoreGrid, tieBreakerQuestionId: number | null): ScoresInput {
  const ids = new Map(assessment.scores.map((s) => [cellKey(s.answerId, s.outcomeId), s.id]));
  const scores = assessment.questions.flatMap((q) =>
    q.answers.flatMap((a) =>
      assessment.outcomes.map((o) => {
        const key = cellKey(a.id, o.id);
        const id = ids.get(key);
        return { ...(id !== undefined && { id }), answerId: a.id, outcomeId: o.id, score: grid[key] ?? 0 };
      }),
    ),
  );
  return { tieBreakerQuestionId, scores };
}
