import { describe, expect, it } from 'vitest';
import { scoreAssessment, topOutcomeOf, type ScorableAssessment } from './scoring.js';

// Outcomes 1 (Visionary), 2 (Coach), 3 (Pacesetter). Question 10 is the tie-breaker.
const answer = (id: number, scores: Record<number, number>) => ({
  id,
  scores: Object.entries(scores).map(([outcomeId, score]) => ({ outcomeId: Number(outcomeId), score })),
});
const assessment: ScorableAssessment = {
  outcomes: [{ id: 1 }, { id: 2 }, { id: 3 }],
  questions: [
    { id: 10, answers: [answer(101, { 1: 1 }), answer(102, { 2: 1 }), answer(103, { 3: 2, 2: 1 }), answer(104, {})] },
    { id: 20, answers: [answer(201, { 1: 2 }), answer(202, { 2: 2 }), answer(203, { 3: 2 })] },
    { id: 30, answers: [answer(301, { 1: 1, 2: 1 }), answer(302, { 3: 3 })] },
  ],
  tieBreakerQuestion: { id: 10 },
};

describe('scoreAssessment', () => {
  it('sums the chosen answers per outcome and picks the highest', () => {
    expect(scoreAssessment(assessment, [101, 201, 302])).toEqual({
      totals: [
        { outcomeId: 1, total: 3 },
        { outcomeId: 2, total: 0 },
        { outcomeId: 3, total: 3 },
      ],
      // Tied at 3; the tie-breaker (question 10) was answered 101, which scores outcome 1.
      outcomeId: 1,
      tiedOutcomeIds: [1, 3],
      decidedBy: 'tie-breaker',
    });
    expect(scoreAssessment(assessment, [103, 203, 302])).toMatchObject({
      outcomeId: 3,
      tiedOutcomeIds: [3],
      decidedBy: 'score',
    });
  });

  it('breaks a tie by the outcome the tie-breaker answer scores highest', () => {
    const even: ScorableAssessment = {
      outcomes: [{ id: 1 }, { id: 2 }],
      questions: [
        { id: 5, answers: [answer(51, { 1: 2 }), answer(52, { 2: 2 })] },
        { id: 6, answers: [answer(61, { 2: 2 }), answer(62, { 1: 2 })] },
        { id: 7, answers: [answer(71, {}), answer(72, {})] },
      ],
      tieBreakerQuestion: { id: 5 },
    };
    // 51 (1:2) + 61 (2:2): tied at 2; the tie-breaker (question 5) was answered 51, which scores outcome 1.
    expect(scoreAssessment(even, [51, 61])).toMatchObject({
      outcomeId: 1,
      tiedOutcomeIds: [1, 2],
      decidedBy: 'tie-breaker',
    });
    // 52 (2:2) + 62 (1:2): tied; the tie-breaker answer 52 scores outcome 2.
    expect(scoreAssessment(even, [52, 62])).toMatchObject({ outcomeId: 2, decidedBy: 'tie-breaker' });
  });

  it('goes to the lowest outcome id when still tied: no tie-breaker, not answered, or scoring the tied alike', () => {
    const even: ScorableAssessment = {
      outcomes: [{ id: 7 }, { id: 4 }, { id: 9 }],
      questions: [
        { id: 1, answers: [answer(11, { 9: 1, 4: 1 }), answer(12, {})] },
        { id: 2, answers: [answer(21, { 9: 2 }), answer(22, { 4: 2 })] },
      ],
      tieBreakerQuestion: null,
    };
    expect(scoreAssessment(even, [11])).toMatchObject({ outcomeId: 4, tiedOutcomeIds: [4, 9], decidedBy: 'lowest id' });
    const withBreaker = { ...even, tieBreakerQuestion: { id: 1 } };
    // The tie-breaker's answer 11 scores 4 and 9 alike.
    expect(scoreAssessment(withBreaker, [11])).toMatchObject({ outcomeId: 4, decidedBy: 'lowest id' });
    // Tie-breaker not answered (answer 12 chosen scores nothing): still lowest id among the tied.
    expect(scoreAssessment({ ...even, tieBreakerQuestion: { id: 2 } }, [11])).toMatchObject({
      outcomeId: 4,
      decidedBy: 'lowest id',
    });
    // Nothing chosen: every outcome tied at 0.
    expect(scoreAssessment(even, [])).toMatchObject({
      outcomeId: 4,
      tiedOutcomeIds: [7, 4, 9],
      decidedBy: 'lowest id',
    });
  });

  it('counts a chosen answer once, ignores unknown answers and outcomes, and has no outcome without outcomes', () => {
    expect(scoreAssessment(assessment, [103, 103, 999]).totals).toEqual([
      { outcomeId: 1, total: 0 },
      { outcomeId: 2, total: 1 },
      { outcomeId: 3, total: 2 },
    ]);
    const stray: ScorableAssessment = {
      outcomes: [{ id: 1 }],
      questions: [{ id: 1, answers: [answer(1, { 1: 1, 42: 9 })] }],
      tieBreakerQuestion: null,
    };
    expect(scoreAssessment(stray, [1])).toMatchObject({
      totals: [{ outcomeId: 1, total: 1 }],
      outcomeId: 1,
      decidedBy: 'score',
    });
    expect(scoreAssessment({ outcomes: [], questions: [], tieBreakerQuestion: null }, [1])).toEqual({
      totals: [],
      outcomeId: null,
      tiedOutcomeIds: [],
      decidedBy: 'no outcomes',
    });
  });
});

describe('topOutcomeOf', () => {
  it('names the outcome an answer scores highest, the lowest id on a tie, none when it scores nothing', () => {
    expect(
      topOutcomeOf([
        { outcomeId: 3, score: 1 },
        { outcomeId: 2, score: 4 },
      ]),
    ).toBe(2);
    expect(
      topOutcomeOf([
        { outcomeId: 3, score: 2 },
        { outcomeId: 1, score: 2 },
      ]),
    ).toBe(1);
    expect(topOutcomeOf([{ outcomeId: 3, score: 0 }])).toBeNull();
    expect(topOutcomeOf([])).toBeNull();
  });
});
