import { sql } from 'kysely';
import type { z } from 'zod';
import { AI_TYPES, XP_HIDDEN_TYPES, type ComponentType } from '@app/contract';
import type { Trx } from '../../db/database.js';
import { freeSlug } from '../../services/slug.js';
import { closeIndexGap } from '../../db/index-order.js';

type ComponentValues = z.output<typeof import('@app/contract').ProgramComponentInput>;
type ComponentPatch = z.output<typeof import('@app/contract').ProgramComponentPatch>;
type EventValues = z.output<typeof import('@app/contract').ComponentEventInput>;

/** Locks the program: every change of a program's structure (order, sections, fallbacks) runs one at a time. */
export async function lockProgram(trx: Trx, programId: number): Promise<boolean> {
  return Boolean(
    await trx.selectFrom('programs').select('id').where('id', '=', programId).forUpdate().executeTakeFirst(),
  );
}

/** The links that fit the type: a lesson keeps no quizId, an XP-hidden type no XP. */
function typedValues(type: ComponentType, v: Partial<ComponentValues>) {
  const keep = <T>(fits: boolean, value: T | undefined) => (value === undefined ? undefined : fits ? value : null);
  const calendar = type === 'calendar event';
  const xpHidden = XP_HIDDEN_TYPES.includes(type);
  return {
    name: v.name,
    curriculum: keep(
      type === 'lesson' || type === 'segmented lesson',
      v.curriculum === undefined ? undefined : v.curriculum && JSON.stringify(v.curriculum),
    ),
    assessmentId: keep(type === 'assessment', v.assessmentId),
    quizId: keep(type === 'quiz', v.quizId),
    surveyId: keep(type === 'survey', v.surveyId),
    aiTemplateId: keep(AI_TYPES.includes(type), v.aiTemplateId),
    aiVideoTemplateId: keep(type === 'lesson' || type === 'segmented lesson', v.aiVideoTemplateId),
    calendarHasFallback: calendar ? v.calendarHasFallback : v.calendarHasFallback === undefined ? undefined : false,
    fallbackId: calendar ? (v.calendarHasFallback === false ? null : v.fallbackId) : keep(false, v.fallbackId),
    xp: xpHidden ? (v.xp === undefined ? undefined : 0) : v.xp,
    learningXpIds: xpHidden ? (v.learningXpIds === undefined ? undefined : []) : v.learningXpIds,
  };
}

/** Refuses a fallback outside the program or the component itself (400 with the field's message). */
async function checkFallback(
  trx: Trx,
  programId: number,
  fallbackId: number | null | undefined,
  selfId?: number,
): Promise<string | undefined> {
  if (!fallbackId) return undefined;
  if (fallbackId === selfId) return 'fallbackSelf';
  const found = await trx
    .selectFrom('programComponents')
    .select('id')
    .where('id', '=', fallbackId)
    .where('programId', '=', programId)
    .executeTakeFirst();
  return found ? undefined : 'fallbackNotFound';
}

async function setXps(trx: Trx, id: number, xpIds: number[] | undefined) {
  if (xpIds === undefined) return;
  await trx.deleteFrom('programComponentXps').where('programComponentId', '=', id).execute();
  if (xpIds.length)
    await trx
      .insertInto('programComponentXps')
      .values([...new Set(xpIds)].map((learningXpId) => ({ programComponentId: id, learningXpId })))
      .execute();
}

async function saveEvent(
  trx: Trx,
  componentId: number,
  name: string,
  event: EventValues | undefined,
  accountId: number,
) {
  const existing = await trx
    .selectFrom('calendarEvents')
    .select('id')
    .where('programComponentId', '=', componentId)
    .executeTakeFirst();
  if (existing) {
    await trx
      .updateTable('calendarEvents')
      .set({ name, ...(event ?? {}), type: 'Learning', updatedAt: sql`now()` })
      .where('id', '=', existing.id)
      .execute();
  } else if (event) {
    await trx
      .insertInto('calendarEvents')
      .values({ ...event, name, type: 'Learning', programComponentId: componentId, createdBy: accountId })
      .execute();
  }
}

export type SaveProblem = 'fallbackSelf' | 'fallbackNotFound' | 'assessmentNameLocked';

/** Adds a component at the end of its section; the program is locked so the index stays dense. */
export async function createComponent(
  trx: Trx,
  programId: number,
  sectionId: number,
  input: ComponentValues,
  accountId: number,
): Promise<number | SaveProblem | 'missing'> {
  if (!(await lockProgram(trx, programId))) return 'missing';
  const section = await trx
    .selectFrom('programSections')
    .select('id')
    .where('id', '=', sectionId)
    .where('programId', '=', programId)
    .executeTakeFirst();
  if (!section) return 'missing';
  const problem = await checkFallback(trx, programId, input.calendarHasFallback ? input.fallbackId : null);
  if (problem) return problem as SaveProblem;
  const slug = await freeSlug(trx, 'program_components', input.name, 'component', {
    scope: sql<boolean>`program_id = ${programId}`,
  });
  const { next } = await trx
    .selectFrom('programComponents')
    .select(sql<number>`coalesce(max(index) + 1, 0)`.as('next'))
    .where('sectionId', '=', sectionId)
    .executeTakeFirstOrThrow();
  const { learningXpIds, ...values } = typedValues(input.componentType, input);
  const { id } = await trx
    .insertInto('programComponents')
    .values({
      ...values,
      name: input.name,
      programId,
      sectionId,
      slug,
      componentType: input.componentType,
      index: next,
      updatedBy: accountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setXps(trx, id, learningXpIds);
  if (input.componentType === 'calendar event') await saveEvent(trx, id, input.name, input.calendarEvent, accountId);
  await trx
    .updateTable('programs')
    .set({ updatedAt: sql`now()` })
    .where('id', '=', programId)
    .execute();
  return id;
}

export async function updateComponent(
  trx: Trx,
  id: number,
  patch: ComponentPatch,
  accountId: number,
): Promise<boolean | SaveProblem> {
  const current = await trx
    .selectFrom('programComponents')
    .select(['programId', 'componentType', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return false;
  await lockProgram(trx, current.programId);
  if (current.componentType === 'assessment' && patch.name !== undefined && patch.name !== current.name)
    return 'assessmentNameLocked';
  const problem = await checkFallback(
    trx,
    current.programId,
    patch.calendarHasFallback === false ? null : patch.fallbackId,
    id,
  );
  if (problem) return problem as SaveProblem;
  const { learningXpIds, ...values } = typedValues(current.componentType, patch);
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await trx
    .updateTable('programComponents')
    .set({ ...set, updatedBy: accountId, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  await setXps(trx, id, learningXpIds);
  if (current.componentType === 'calendar event')
    await saveEvent(trx, id, patch.name ?? current.name, patch.calendarEvent, accountId);
  await trx
    .updateTable('programs')
    .set({ updatedAt: sql`now()` })
    .where('id', '=', current.programId)
    .execute();
  return true;
}

/** 'fallback' while another component names it as its async fallback; the section's order closes the gap. */
export async function deleteComponent(trx: Trx, id: number): Promise<'deleted' | 'missing' | 'fallback'> {
  const current = await trx
    .selectFrom('programComponents')
    .select(['programId', 'sectionId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return 'missing';
  await lockProgram(trx, current.programId);
  const usedBy = await trx
    .selectFrom('programComponents')
    .select('id')
    .where('fallbackId', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (usedBy) return 'fallback';
  await trx.deleteFrom('calendarEvents').where('programComponentId', '=', id).where('type', '=', 'Learning').execute();
  await trx.deleteFrom('programComponents').where('id', '=', id).execute();
  await renumber(trx, current.sectionId);
  return 'deleted';
}

/** Rewrites a section's indexes as 0, 1, 2 ... in their current order. */
const renumber = (trx: Trx, sectionId: number) =>
  closeIndexGap(trx, { table: 'program_components', parentColumn: 'section_id' }, sectionId);

/**
 * Saves a section's order: `ids` must be the section's components (plus any moved in from another section
 * of the program), each once. Runs under the program's lock, so two reorders never interleave and the
 * indexes stay 0..n-1. Answers the problem when the ids do not fit.
 */
export async function reorderComponents(
  trx: Trx,
  programId: number,
  sectionId: number | undefined,
  ids: number[],
): Promise<'missing' | 'mismatch' | 'section' | 'ok'> {
  if (!(await lockProgram(trx, programId))) return 'missing';
  const rows = await trx
    .selectFrom('programComponents')
    .select(['id', 'sectionId'])
    .where('programId', '=', programId)
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) return 'mismatch';
  const target = sectionId ?? (new Set(rows.map((r) => r.sectionId)).size === 1 ? rows[0]!.sectionId : undefined);
  if (target === undefined) return 'mismatch';
  const section = await trx
    .selectFrom('programSections')
    .select('id')
    .where('id', '=', target)
    .where('programId', '=', programId)
    .executeTakeFirst();
  if (!section) return 'section';
  const inSection = await trx.selectFrom('programComponents').select('id').where('sectionId', '=', target).execute();
  const given = new Set(ids);
  if (inSection.some((r) => !given.has(r.id))) return 'mismatch';
  const sources = [...new Set(rows.filter((r) => r.sectionId !== target).map((r) => r.sectionId))];
  await sql`
    update program_components pc set index = o.n - 1, section_id = ${target}, updated_at = case when pc.section_id <> ${target} then now() else pc.updated_at end
    from unnest(${ids}::int[]) with ordinality as o(id, n)
    where pc.id = o.id`.execute(trx);
  for (const source of sources) await renumber(trx, source);
  await trx
    .updateTable('programs')
    .set({ updatedAt: sql`now()` })
    .where('id', '=', programId)
    .execute();
  return 'ok';
}
