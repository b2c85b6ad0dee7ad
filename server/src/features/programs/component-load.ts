import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { ProgramComponent } from '@app/contract';
import type { Db } from '../../db/database.js';

async function segmentCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<{ id: number; n: number }>`
    select program_component_id as id, count(*)::int as n from lesson_segments where program_component_id = any(${ids}) group by 1`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Components of a program (or the given ids), by section, index and id. */
export async function loadComponents(
  db: Db,
  by: { programId: number } | { ids: number[] },
): Promise<ProgramComponent[]> {
  let qb = db
    .selectFrom('programComponents as pc')
    .innerJoin('programs as p', 'p.id', 'pc.programId')
    .leftJoin('programComponents as f', 'f.id', 'pc.fallbackId')
    .select((eb) => [
      'pc.id',
      'pc.programId',
      'p.slug as programSlug',
      'pc.sectionId',
      'pc.name',
      'pc.slug',
      'pc.componentType',
      'pc.index',
      'pc.curriculum',
      'pc.assessmentId',
      'pc.quizId',
      'pc.surveyId',
      'pc.aiTemplateId',
      'pc.aiVideoTemplateId',
      'pc.calendarHasFallback',
      'pc.fallbackId',
      'f.name as fallbackToName',
      'pc.xp',
      'pc.updatedAt',
      jsonArrayFrom(
        eb
          .selectFrom('programComponents as r')
          .select(['r.id', 'r.name'])
          .whereRef('r.fallbackId', '=', 'pc.id')
          .orderBy('r.id'),
      ).as('fallbackFor'),
      jsonArrayFrom(
        eb
          .selectFrom('programComponentXps as cx')
          .innerJoin('learningXps as x', 'x.id', 'cx.learningXpId')
          .select(['x.id', 'x.name'])
          .whereRef('cx.programComponentId', '=', 'pc.id')
          .orderBy('x.name'),
      ).as('learningXps'),
      jsonObjectFrom(
        eb
          .selectFrom('calendarEvents as e')
          .select(['e.id', 'e.uuid', 'e.eventStart', 'e.eventEnd', 'e.description', 'e.location'])
          .whereRef('e.programComponentId', '=', 'pc.id')
          .where('e.type', '=', 'Learning')
          .limit(1),
      ).as('calendarEvent'),
    ]);
  qb =
    'programId' in by
      ? qb.where('pc.programId', '=', by.programId)
      : qb.where('pc.id', 'in', by.ids.length ? by.ids : [0]);
  const rows = await qb.orderBy('pc.sectionId').orderBy('pc.index').orderBy('pc.id').execute();
  const counts = await segmentCounts(
    db,
    rows.filter((r) => r.componentType === 'segmented lesson').map((r) => r.id),
  );
  return rows.map((r) => {
    const event = r.calendarEvent as null | {
      id: number;
      uuid: string;
      eventStart: string;
      eventEnd: string | null;
      description: string | null;
      location: string | null;
    };
    return {
      ...r,
      curriculum: r.curriculum ?? null,
      section: { id: r.sectionId },
      learningXpIds: r.learningXps.map((x) => x.id),
      lessonSegments: counts.get(r.id) ?? 0,
      calendarEvent: event && {
        ...event,
        eventStart: new Date(event.eventStart).toISOString(),
        eventEnd: event.eventEnd && new Date(event.eventEnd).toISOString(),
      },
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function getComponent(db: Db, id: number): Promise<ProgramComponent | undefined> {
  return (await loadComponents(db, { ids: [id] }))[0];
}
