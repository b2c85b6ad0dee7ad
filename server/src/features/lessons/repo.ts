import { freeSlug } from '../../services/slug.js';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Lesson, LessonSegment, RichTextDoc } from '@app/contract';
import type { Db, Trx } from '../../db/database.js';
import { closeIndexGap } from '../../db/index-order.js';

export type SegmentValues = z.output<typeof import('@app/contract').LessonSegmentInput>;
export type SegmentPatch = z.output<typeof import('@app/contract').LessonSegmentPatch>;

const SEGMENTED = 'segmented lesson';

function selectSegments(db: Db) {
  return db
    .selectFrom('lessonSegments as s')
    .select(['s.id', 's.programComponentId', 's.name', 's.slug', 's.curriculum', 's.index', 's.updatedAt'])
    .orderBy('s.index')
    .orderBy('s.id');
}

type SegmentRow = Awaited<ReturnType<ReturnType<typeof selectSegments>['execute']>>[number];

const toSegment = (row: SegmentRow): LessonSegment => ({
  ...row,
  curriculum: row.curriculum as RichTextDoc,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listSegments(db: Db, componentId: number): Promise<LessonSegment[]> {
  return (await selectSegments(db).where('s.programComponentId', '=', componentId).execute()).map(toSegment);
}

export async function getSegment(db: Db, id: number): Promise<LessonSegment | undefined> {
  const row = await selectSegments(db).where('s.id', '=', id).executeTakeFirst();
  return row && toSegment(row);
}

/** The segmented lesson `lessonSlug` of program `programSlug`, with its details and segments. */
export async function getLessonBySlug(db: Db, programSlug: string, lessonSlug: string): Promise<Lesson | undefined> {
  const row = await db
    .selectFrom('programComponents as c')
    .innerJoin('programs as p', 'p.id', 'c.programId')
    .select(['c.id', 'c.programId', 'p.slug as programSlug', 'p.name as programName', 'c.name', 'c.slug', 'c.xp'])
    .where('p.slug', '=', programSlug)
    .where('c.slug', '=', lessonSlug)
    .where('c.componentType', '=', SEGMENTED)
    .executeTakeFirst();
  if (!row) return undefined;
  const learningXps = await db
    .selectFrom('programComponentXps as cx')
    .innerJoin('learningXps as x', 'x.id', 'cx.learningXpId')
    .select(['x.id', 'x.name'])
    .where('cx.programComponentId', '=', row.id)
    .orderBy('x.name')
    .execute();
  return { ...row, learningXps, segments: await listSegments(db, row.id) };
}

/**
 * Locks a component row so its segments' order can be rewritten without a concurrent writer (create,
 * delete, reorder) interleaving: they all take this lock first, so indexes stay 0..n-1.
 */
export async function lockComponent(trx: Trx, componentId: number) {
  return trx
    .selectFrom('programComponents')
    .select(['id', 'componentType'])
    .where('id', '=', componentId)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds a segment after the others (call with the component locked). */
export async function insertSegment(
  trx: Trx,
  componentId: number,
  values: SegmentValues,
  accountId: number | null,
): Promise<number> {
  const { id } = await trx
    .insertInto('lessonSegments')
    .values({
      programComponentId: componentId,
      name: values.name,
      slug: await freeSlug(trx, 'lesson_segments', values.name, 'segment', {
        scope: sql<boolean>`program_component_id = ${componentId}`,
      }),
      curriculum: JSON.stringify(values.curriculum),
      index: sql<number>`(select count(*) from lesson_segments where program_component_id = ${componentId})`,
      updatedBy: accountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes a segment's name or curriculum; false when it does not exist. */
export async function updateSegment(
  db: Db,
  id: number,
  patch: SegmentPatch,
  accountId: number | null,
): Promise<boolean> {
  const set = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.curriculum !== undefined ? { curriculum: JSON.stringify(patch.curriculum) } : {}),
    updatedBy: accountId,
    updatedAt: sql<Date>`now()`,
  };
  const result = await db.updateTable('lessonSegments').set(set).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The component a segment belongs to, or undefined. */
export async function segmentComponent(db: Db, id: number): Promise<number | undefined> {
  return (await db.selectFrom('lessonSegments').select('programComponentId').where('id', '=', id).executeTakeFirst())
    ?.programComponentId;
}

/** Deletes a segment and closes the gap it leaves (call with its component locked). */
export async function deleteSegment(trx: Trx, componentId: number, id: number): Promise<boolean> {
  const result = await trx
    .deleteFrom('lessonSegments')
    .where('id', '=', id)
    .where('programComponentId', '=', componentId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  await renumber(trx, componentId);
  return true;
}

/** Rewrites the indexes as 0..n-1 in the given order (call with the component locked). */
export async function writeOrder(trx: Trx, componentId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await sql`
    update lesson_segments s set index = o.position - 1, updated_at = now()
    from unnest(${sql.val(ids)}::int[]) with ordinality as o(id, position)
    where s.id = o.id and s.program_component_id = ${componentId} and s.index is distinct from o.position - 1`.execute(
    trx,
  );
}

const renumber = (trx: Trx, componentId: number) =>
  closeIndexGap(trx, { table: 'lesson_segments', parentColumn: 'program_component_id' }, componentId);

export async function segmentIds(trx: Trx, componentId: number): Promise<number[]> {
  return (
    await trx.selectFrom('lessonSegments').select('id').where('programComponentId', '=', componentId).execute()
  ).map((r) => r.id);
}

export const isSegmented = (componentType: string) => componentType === SEGMENTED;
