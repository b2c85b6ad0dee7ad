import { sql } from 'kysely';
import type { z } from 'zod';
import { topOutcomeOf, type Assessment, type AssessmentListItem, type AssessmentScore } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { likePattern, paginate, type SortMap } from '../../db/list.js';
import { accountName } from '../../db/account-sql.js';
import { iso } from '../../db/iso.js';
import { closeIndexGap } from '../../db/index-order.js';

type ListQuery = z.output<typeof import('@app/contract').AssessmentListQuery>;
export type AssessmentValues = z.output<typeof import('@app/contract').AssessmentPatch>;
export type OutcomeValues = z.output<typeof import('@app/contract').OutcomePatch>;
export type QuestionValues = z.output<typeof import('@app/contract').QuestionPatch>;
export type ScoreValues = z.output<typeof import('@app/contract').ScoreInput>;

const outcomeCount = sql<number>`(select count(*)::int from assessment_outcomes o where o.assessment_id = a.id)`;
const questionCount = sql<number>`(select count(*)::int from assessment_questions q where q.assessment_id = a.id)`;

const sortMap: SortMap<ListQuery['sort'][number]['field']> = {
  title: sql`lower(a.title)`,
  outcomeCount,
  questionCount,
  createdAt: 'a.createdAt',
  updatedAt: 'a.updatedAt',
  id: 'a.id',
};

/** Program components using assessment `a` (the alias), as a scalar expression. */
const componentCount = sql<number>`(select count(*)::int from program_components pc where pc.assessment_id = a.id)`;

export async function listAssessments(db: Db, query: ListQuery) {
  let qb = db
    .selectFrom('assessments as a')
    .leftJoin('accounts as acc', 'acc.id', 'a.updatedBy')
    .select([
      'a.id',
      'a.title',
      'a.createdAt',
      'a.updatedAt',
      accountName('acc').as('updatedBy'),
      outcomeCount.as('outcomeCount'),
      questionCount.as('questionCount'),
      componentCount.as('componentCount'),
    ]);
  if (query.search) qb = qb.where(sql`lower(a.title)`, 'like', likePattern(query.search.toLowerCase()));
  const page = await paginate(qb, query, sortMap, 'a.id');
  return {
    ...page,
    items: page.items.map((r): AssessmentListItem => ({
      ...r,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
  };
}

/** The whole assessment: outcomes by id, questions by index, answers by index, every score. */
export async function getAssessment(db: Db, id: number): Promise<Assessment | undefined> {
  const row = await db
    .selectFrom('assessments as a')
    .select([
      'a.id',
      'a.title',
      'a.introduction',
      'a.tieBreakerQuestionId',
      'a.createdAt',
      'a.updatedAt',
      componentCount.as('componentCount'),
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [outcomes, questions, answers, scores] = await Promise.all([
    db
      .selectFrom('assessmentOutcomes')
      .select(['id', 'title', 'description'])
      .where('assessmentId', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('assessmentQuestions')
      .select(['id', 'question', 'type', 'index'])
      .where('assessmentId', '=', id)
      .orderBy('index')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('assessmentAnswers as ans')
      .innerJoin('assessmentQuestions as q', 'q.id', 'ans.questionId')
      .select(['ans.id', 'ans.questionId', 'ans.answer'])
      .where('q.assessmentId', '=', id)
      .orderBy('ans.index')
      .orderBy('ans.id')
      .execute(),
    db
      .selectFrom('assessmentScores as s')
      .innerJoin('assessmentOutcomes as o', 'o.id', 's.outcomeId')
      .select(['s.id', 's.score', 's.outcomeId', 's.answerId'])
      .where('o.assessmentId', '=', id)
      .orderBy('s.answerId')
      .orderBy('s.outcomeId')
      .execute(),
  ]);
  const scoresOf = new Map<number, AssessmentScore[]>();
  for (const s of scores) scoresOf.set(s.answerId, [...(scoresOf.get(s.answerId) ?? []), s]);
  return {
    id: row.id,
    title: row.title,
    introduction: row.introduction,
    outcomes,
    questions: questions.map((q) => ({
      ...q,
      answers: answers
        .filter((a) => a.questionId === q.id)
        .map((a) => {
          const own = scoresOf.get(a.id) ?? [];
          return { id: a.id, answer: a.answer, outcomeId: topOutcomeOf(own), scores: own };
        }),
    })),
    scores,
    tieBreakerQuestion: row.tieBreakerQuestionId === null ? null : { id: row.tieBreakerQuestionId },
    componentCount: row.componentCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function insertAssessment(
  db: Db,
  values: AssessmentValues & { title: string },
  accountId: number | null,
): Promise<number> {
  const { id } = await db
    .insertInto('assessments')
    .values({
      title: values.title,
      introduction: values.introduction ? JSON.stringify(values.introduction) : null,
      updatedBy: accountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Locks the assessment for a change of its parts: every writer of its outcomes, questions, answers and
 * scores takes this lock first, so indexes stay dense and counts checked hold until commit.
 * Marks it changed (by `accountId`). False when it does not exist.
 */
export async function lockAssessment(trx: Trx, id: number, accountId: number | null): Promise<boolean> {
  const found = await trx.selectFrom('assessments').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!found) return false;
  await trx
    .updateTable('assessments')
    .set({ updatedAt: sql`now()`, updatedBy: accountId })
    .where('id', '=', id)
    .execute();
  return true;
}

export async function updateAssessment(trx: Trx, id: number, values: AssessmentValues): Promise<void> {
  const set: { title?: string; introduction?: string | null } = {};
  if (values.title !== undefined) set.title = values.title;
  if (values.introduction !== undefined)
    set.introduction = values.introduction ? JSON.stringify(values.introduction) : null;
  if (Object.keys(set).length) await trx.updateTable('assessments').set(set).where('id', '=', id).execute();
}

/** How many program components use the assessment. */
export async function usedByComponents(db: Db, id: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from program_components where assessment_id = ${id}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function deleteAssessment(trx: Trx, id: number): Promise<void> {
  // The tie-breaker reference goes first: the questions it points at are deleted by the cascade.
  await trx.updateTable('assessments').set({ tieBreakerQuestionId: null }).where('id', '=', id).execute();
  await trx.deleteFrom('assessments').where('id', '=', id).execute();
}

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
