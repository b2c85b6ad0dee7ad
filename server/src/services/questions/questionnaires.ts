import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { QUESTION_ORDER_MESSAGES, type QuestionnaireListQuery, type UsedBy } from '@app/contract';
import { AppError } from '../../errors.js';
import type { DB, Db, Trx } from '../../db/database.js';
import { likePattern, paginate, type SortMap } from '../../db/list.js';
import { closeIndexGap } from '../../db/index-order.js';

type ListQuery = z.output<typeof QuestionnaireListQuery>;

/**
 * What differs between quizzes and surveys for the parts they share (the list, create, rename, delete,
 * question order): their tables, the parent column, the program component column that points at them,
 * and their 'not found' / 'in use' texts.
 */
export type QuestionnaireKind = {
  table: 'quizzes' | 'surveys';
  questions: 'quiz_questions' | 'survey_questions';
  parentColumn: 'quiz_id' | 'survey_id';
  noun: 'Quiz' | 'Survey';
  inUse: string;
};

// Both tables have the same columns (id, name, created_at, updated_at): typed through one of them.
const from = (db: Db, kind: QuestionnaireKind) => (db as Kysely<DB>).selectFrom(`${kind.table} as t` as 'quizzes as t');

const questionCount = (kind: QuestionnaireKind) =>
  sql<number>`(select count(*)::int from ${sql.table(kind.questions)} q where q.${sql.ref(kind.parentColumn)} = t.id)`;

/** The list (spec 03 §2): name, question count, last updated; search by name. */
export async function listQuestionnaires(db: Db, kind: QuestionnaireKind, query: ListQuery) {
  let qb = from(db, kind).select([
    't.id',
    't.name',
    't.createdAt',
    't.updatedAt',
    questionCount(kind).as('questionCount'),
  ]);
  if (query.search) qb = qb.where(sql<string>`lower(t.name)`, 'like', likePattern(query.search.toLowerCase()));
  const sort: SortMap<ListQuery['sort'][number]['field']> = {
    name: sql`lower(t.name)`,
    questionCount: questionCount(kind),
    updatedAt: 't.updatedAt',
    createdAt: 't.createdAt',
    id: 't.id',
  };
  const page = await paginate(qb, query, sort, 't.id');
  return {
    ...page,
    items: page.items.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** The row itself (no questions), or undefined. */
export async function findQuestionnaire(db: Db, kind: QuestionnaireKind, id: number) {
  return from(db, kind)
    .select(['t.id', 't.name', 't.createdAt', 't.updatedAt'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export async function createQuestionnaire(db: Db, kind: QuestionnaireKind, name: string): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`insert into ${sql.table(kind.table)} (name) values (${name}) returning id`.execute(db);
  return rows[0]!.id;
}

/** Renames; answers false when it does not exist. */
export async function renameQuestionnaire(db: Db, kind: QuestionnaireKind, id: number, name: string): Promise<boolean> {
  const res =
    await sql`update ${sql.table(kind.table)} set name = ${name}, updated_at = now() where id = ${id}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** 'Last updated' moves with every question saved or deleted. */
export async function touchQuestionnaire(db: Db, kind: QuestionnaireKind, id: number): Promise<void> {
  await sql`update ${sql.table(kind.table)} set updated_at = now() where id = ${id}`.execute(db);
}

/**
 * Locks the quiz or survey row for the rest of the transaction, so writers of its question order (append,
 * delete and renumber) run one at a time and the order stays dense. Answers false when it does not exist.
 */
export async function lockQuestionnaire(trx: Trx, kind: QuestionnaireKind, id: number): Promise<boolean> {
  const { rows } = await sql`select id from ${sql.table(kind.table)} where id = ${id} for update`.execute(trx);
  return rows.length > 0;
}

/** The program components that use it. While any does, it cannot be deleted. */
export async function usedBy(db: Db, kind: QuestionnaireKind, id: number): Promise<UsedBy> {
  const { rows } = await sql<UsedBy[number]>`
    select c.id, c.name, p.name as program_name
    from program_components c join programs p on p.id = c.program_id
    where c.${sql.ref(kind.parentColumn)} = ${id}
    order by p.name, c.name, c.id`.execute(db);
  return rows;
}

/** Deletes it and its questions; 409 while a program component uses it. Answers false when it does not exist. */
export async function deleteQuestionnaire(trx: Trx, kind: QuestionnaireKind, id: number): Promise<boolean> {
  if (!(await lockQuestionnaire(trx, kind, id))) return false;
  const users = await usedBy(trx, kind, id);
  if (users.length)
    throw new AppError(409, kind.inUse, `Used by: ${users.map((u) => `${u.name} (${u.programName})`).join(', ')}`);
  await sql`delete from ${sql.table(kind.table)} where id = ${id}`.execute(trx);
  return true;
}

/** The index a new question takes: after the last one (the caller holds the parent's lock). */
export async function nextQuestionIndex(trx: Trx, kind: QuestionnaireKind, id: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(kind.questions)} where ${sql.ref(kind.parentColumn)} = ${id}`.execute(
    trx,
  );
  return rows[0]!.n;
}

/** Deletes a question of `id` and closes the gap in the order. Answers false when either does not exist. */
export async function deleteQuestion(
  trx: Trx,
  kind: QuestionnaireKind,
  id: number,
  questionId: number,
): Promise<boolean> {
  if (!(await lockQuestionnaire(trx, kind, id))) return false;
  const parent = sql.ref(kind.parentColumn);
  const res =
    await sql`delete from ${sql.table(kind.questions)} where id = ${questionId} and ${parent} = ${id}`.execute(trx);
  if (!Number(res.numAffectedRows ?? 0)) return false;
  await closeIndexGap(trx, { table: kind.questions, parentColumn: kind.parentColumn }, id);
  await touchQuestionnaire(trx, kind, id);
  return true;
}

/**
 * Rewrites the question order to `ids` (0, 1, 2 ...) under the parent's lock, so concurrent reorders,
 * adds and deletes apply one after another and the order stays dense. `ids` must be exactly the current
 * questions (else 409: the page was stale). Answers false when the quiz or survey does not exist.
 */
export async function reorderQuestions(trx: Trx, kind: QuestionnaireKind, id: number, ids: number[]): Promise<boolean> {
  if (!(await lockQuestionnaire(trx, kind, id))) return false;
  const { rows } = await sql<{
    id: number;
  }>`select id from ${sql.table(kind.questions)} where ${sql.ref(kind.parentColumn)} = ${id}`.execute(trx);
  const current = new Set(rows.map((r) => r.id));
  if (ids.length !== current.size || ids.some((q) => !current.has(q)))
    throw new AppError(409, QUESTION_ORDER_MESSAGES.stale);
  await sql`
    update ${sql.table(kind.questions)} q set index = o.n - 1
    from unnest(${sql.val(ids)}::int[]) with ordinality as o(id, n)
    where q.id = o.id and q.index <> o.n - 1`.execute(trx);
  await touchQuestionnaire(trx, kind, id);
  return true;
}

/** Whether the question belongs to the quiz or survey. */
export async function questionBelongs(
  db: Db,
  kind: QuestionnaireKind,
  id: number,
  questionId: number,
): Promise<boolean> {
  const { rows } =
    await sql`select 1 from ${sql.table(kind.questions)} where id = ${questionId} and ${sql.ref(kind.parentColumn)} = ${id}`.execute(
      db,
    );
  return rows.length > 0;
}

/**
 * Writes a question's ordered child rows (quiz answers and statements, survey options, assessment answers) as sent: a row with the id of one
 * of this question's rows updates it, any other row is inserted, and rows not sent are deleted. `index`
 * is the position in `rows`. Answers the ids in order.
 * @example const ids = await syncChildren(trx, 'surveyOptions', questionId, options.map(({ id, option }) => ({ id, values: { option } })));
 */
export async function syncChildren(
  trx: Trx,
  table: 'quizAnswers' | 'quizStatements' | 'surveyOptions' | 'assessmentAnswers',
  questionId: number,
  rows: Array<{ id?: number; values: Record<string, unknown> }>,
): Promise<number[]> {
  const db = trx as Kysely<any>;
  const existing = new Set(
    (await db.selectFrom(table).select('id').where('questionId', '=', questionId).execute()).map(
      (r: { id: number }) => r.id,
    ),
  );
  const kept = rows.flatMap((r) => (r.id !== undefined && existing.has(r.id) ? [r.id] : []));
  const gone = [...existing].filter((id) => !kept.includes(id));
  if (gone.length) await db.deleteFrom(table).where('id', 'in', gone).execute();
  const ids: number[] = [];
  for (const [index, row] of rows.entries()) {
    if (row.id !== undefined && existing.has(row.id) && !ids.includes(row.id)) {
      await db
        .updateTable(table)
        .set({ ...row.values, index })
        .where('id', '=', row.id)
        .execute();
      ids.push(row.id);
    } else {
      const { id } = await db
        .insertInto(table)
        .values({ ...row.values, questionId, index })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
  }
  return ids;
}
