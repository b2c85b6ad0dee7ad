/**
 * Assessment scoring (spec 03 §3 Assessment, ../shared/DOMAIN.md "Learning"): the one function the admin
 * score matrix preview and the learner API both use. Pure: no I/O, no dates, no randomness.
 */

/** What scoring reads of an assessment: the `Assessment` the admin API answers fits it as is. */
export type ScorableAssessment = {
  outcomes: ReadonlyArray<{ id: number }>;
  questions: ReadonlyArray<{
    id: number;
    answers: ReadonlyArray<{ id: number; scores: ReadonlyArray<{ outcomeId: number; score: number }> }>;
  }>;
  tieBreakerQuestion: { id: number } | null;
};

/**
 * How the outcome was found:
 * - `score`: one outcome had the highest total;
 * - `tie-breaker`: several shared it, and the tie-breaker question's chosen answer scores one of them highest;
 * - `lowest id`: still tied (no tie-breaker question, not answered, or its answer scores the tied outcomes
 *   alike): the tied outcome created first (lowest id) wins;
 * - `no outcomes`: the assessment has none (outcomeId is null).
 */
export type ScoreDecision = 'score' | 'tie-breaker' | 'lowest id' | 'no outcomes';

export type ScoreResult = {
  /** Every outcome's total, in the assessment's outcome order (0 when no chosen answer scores it). */
  totals: Array<{ outcomeId: number; total: number }>;
  /** The resulting outcome, or null when the assessment has no outcomes. */
  outcomeId: number | null;
  /** The outcomes that shared the highest total (one when there was no tie). */
  tiedOutcomeIds: number[];
  decidedBy: ScoreDecision;
};

/** The outcomes among `candidates` with the highest value (in candidate order). */
function highest(candidates: number[], value: (outcomeId: number) => number): number[] {
  const best = Math.max(...candidates.map(value));
  return candidates.filter((id) => value(id) === best);
}

/**
 * Chosen answers -> each outcome's total (the sum of the chosen answers' scores for it) -> the top outcome.
 * A tie between top outcomes goes to the one the chosen answer(s) of the tie-breaker question score highest;
 * a tie that remains goes to the lowest outcome id (the outcome created first). Answer ids that are not
 * answers of this assessment are ignored, and an answer chosen twice counts once.
 *
 * @example
 * scoreAssessment(assessment, [answerA.id, answerB.id])
 * // { totals: [{ outcomeId: 1, total: 5 }, { outcomeId: 2, total: 3 }], outcomeId: 1, tiedOutcomeIds: [1], decidedBy: 'score' }
 */
export function scoreAssessment(assessment: ScorableAssessment, chosenAnswerIds: Iterable<number>): ScoreResult {
  const chosen = new Set(chosenAnswerIds);
  const outcomeIds = assessment.outcomes.map((o) => o.id);
  const known = new Set(outcomeIds);
  const sums = (questions: ScorableAssessment['questions']) => {
    const totals = new Map(outcomeIds.map((id) => [id, 0]));
    for (const question of questions) {
      for (const answer of question.answers) {
        if (!chosen.has(answer.id)) continue;
        for (const { outcomeId, score } of answer.scores) {
          if (known.has(outcomeId)) totals.set(outcomeId, totals.get(outcomeId)! + score);
        }
      }
    }
    return totals;
  };

  const totals = sums(assessment.questions);
  const result = (outcomeId: number | null, tied: number[], decidedBy: ScoreDecision): ScoreResult => ({
    totals: outcomeIds.map((id) => ({ outcomeId: id, total: totals.get(id)! })),
    outcomeId,
    tiedOutcomeIds: tied,
    decidedBy,
  });
  if (!outcomeIds.length) return result(null, [], 'no outcomes');

  const tied = highest(outcomeIds, (id) => totals.get(id)!);
  if (tied.length === 1) return result(tied[0]!, tied, 'score');

  const tieBreaker = assessment.questions.find((q) => q.id === assessment.tieBreakerQuestion?.id);
  if (tieBreaker) {
    const breaker = sums([tieBreaker]);
    const left = highest(tied, (id) => breaker.get(id)!);
    if (left.length === 1) return result(left[0]!, tied, 'tie-breaker');
    return result(Math.min(...left), tied, 'lowest id');
  }
  return result(Math.min(...tied), tied, 'lowest id');
}

/**
 * The outcome an answer scores highest (the badge beside it): its highest score above 0, a tie going to the
 * lowest outcome id; null when it scores nothing.
 * @example topOutcomeOf([{ outcomeId: 3, score: 2 }, { outcomeId: 1, score: 2 }]) // 1
 */
export function topOutcomeOf(scores: ReadonlyArray<{ outcomeId: number; score: number }>): number | null {
  let top: { outcomeId: number; score: number } | null = null;
  for (const s of scores) {
    if (s.score <= 0) continue;
    if (!top || s.score > top.score || (s.score === top.score && s.outcomeId < top.outcomeId)) top = s;
  }
  return top?.outcomeId ?? null;
}
