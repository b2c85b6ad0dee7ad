import { sql } from 'kysely';
import type { z } from 'zod';
import { topOutcomeOf, type Assessment, type AssessmentListItem, type AssessmentScore } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { likePattern, paginate, type SortMap } from '../../db/list.js';
import { accountName } from '../../db/account-sql.js';
import { iso } from '../../db/iso.js';

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
