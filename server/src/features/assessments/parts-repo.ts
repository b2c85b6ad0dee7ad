import { sql } from 'kysely';
import { topOutcomeOf } from '@app/contract';
import type { Trx } from '../../db/database.js';
import { closeIndexGap } from '../../db/index-order.js';
import type { OutcomeValues, ScoreValues } from './repo.js';

// An assessment's parts: outcomes, questions with their answers, scores and the tie-breaker (the caller
// holds the assessment's lock, see lockAssessment in repo.ts).

export async function countParts(trx: Trx, assessmentId: number) {
  const { rows } = await sql<{ outcomes: number; questions: number }>`
    select (select count(*)::int from assessment_outcomes where assessment_id = ${assessmentId}) as outcomes,
           (select count(*)::int from assessment_questions where assessment_id = ${assessmentId}) as questions`.execute(
    trx,
  );
  return rows[0]!;
}

export async function insertOutcome(
  trx: Trx,
  assessmentId: number,
  values: { title: string; description: string | null },
): Promise<number> {
  const { id } = await trx
    .insertInto('assessmentOutcomes')
    .values({ assessmentId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateOutcome(
  trx: Trx,
  assessmentId: number,
  outcomeId: number,
  values: OutcomeValues,
): Promise<boolean> {
  const res = await trx
    .updateTable('assessmentOutcomes')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', outcomeId)
    .where('assessmentId', '=', assessmentId)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

export async function deleteOutcome(trx: Trx, assessmentId: number, outcomeId: number): Promise<boolean> {
  const res = await trx
    .deleteFrom('assessmentOutcomes')
    .where('id', '=', outcomeId)
    .where('assessmentId', '=', assessmentId)
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

export async function outcomeIdsOf(trx: Trx, assessmentId: number): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('assessmentOutcomes')
    .select('id')
    .where('assessmentId', '=', assessmentId)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function questionIdsOf(trx: Trx, assessmentId: number): Promise<Set<number>> {
  const rows = await trx
    .selectFrom('assessmentQuestions')
    .select('id')
    .where('assessmentId', '=', assessmentId)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function answerIdsOf(trx: Trx, assessmentId: number, questionId?: number): Promise<Set<number>> {
  let qb = trx
    .selectFrom('assessmentAnswers as ans')
    .innerJoin('assessmentQuestions as q', 'q.id', 'ans.questionId')
    .select('ans.id')
    .where('q.assessmentId', '=', assessmentId);
  if (questionId !== undefined) qb = qb.where('q.id', '=', questionId);
  return new Set((await qb.execute()).map((r) => r.id));
}

/** Appends a question after the last one (the caller holds the assessment's lock, so the count is the next index). */
export async function insertQuestion(
  trx: Trx,
  assessmentId: number,
  values: { question: string; type: 'single select' | 'multi select' },
  index: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('assessmentQuestions')
    .values({ assessmentId, ...values, index })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateQuestion(
  trx: Trx,
  assessmentId: number,
  questionId: number,
  values: { question?: string; type?: 'single select' | 'multi select' },
): Promise<boolean> {
  const res = await trx
    .updateTable('assessmentQuestions')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', questionId)
    .where('assessmentId', '=', assessmentId)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/**
 * Points an answer at an outcome: when that outcome is not already the one it scores highest, its scores
 * move there (that outcome gets its highest score, at least 1; the others are removed, i.e. 0).
 */
export async function pointAnswerAt(trx: Trx, answerId: number, outcomeId: number): Promise<void> {
  const scores = await trx
    .selectFrom('assessmentScores')
    .select(['outcomeId', 'score'])
    .where('answerId', '=', answerId)
    .execute();
  if (topOutcomeOf(scores) === outcomeId) return;
  const score = Math.max(1, ...scores.map((s) => s.score));
  await trx.deleteFrom('assessmentScores').where('answerId', '=', answerId).execute();
  await trx.insertInto('assessmentScores').values({ answerId, outcomeId, score }).execute();
}

/** Deletes a question and closes the gap it leaves, so indexes stay 0, 1, 2 ... (caller holds the assessment's lock). */
export async function deleteQuestion(trx: Trx, assessmentId: number, questionId: number): Promise<boolean> {
  const res = await trx
    .deleteFrom('assessmentQuestions')
    .where('id', '=', questionId)
    .where('assessmentId', '=', assessmentId)
    .executeTakeFirst();
  if (res.numDeletedRows === 0n) return false;
  await closeIndexGap(trx, { table: 'assessment_questions', parentColumn: 'assessment_id' }, assessmentId);
  return true;
}

/** Sets scores by (answer, outcome), in chunks that stay under PostgreSQL's 65,535 parameters. */
export async function upsertScores(trx: Trx, scores: ScoreValues[]): Promise<void> {
  for (let i = 0; i < scores.length; i += 5000) {
    const chunk = scores.slice(i, i + 5000).map(({ answerId, outcomeId, score }) => ({ answerId, outcomeId, score }));
    await trx
      .insertInto('assessmentScores')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['answerId', 'outcomeId']).doUpdateSet({ score: (eb) => eb.ref('excluded.score') }),
      )
      .execute();
  }
}

export async function setTieBreaker(trx: Trx, assessmentId: number, questionId: number | null): Promise<void> {
  await trx
    .updateTable('assessments')
    .set({ tieBreakerQuestionId: questionId })
    .where('id', '=', assessmentId)
    .execute();
}
