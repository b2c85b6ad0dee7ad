import { sql } from 'kysely';
import type { CalendarEvent, CalendarEventType } from '@app/contract';
import type { z } from 'zod';
import type { Db, Trx } from '../../db/database.js';
import { inScope, scoped } from '../../services/auth/chapter-scope.js';

type Input = z.output<typeof import('@app/contract').CalendarEventInput>;

/** Every event column plus what depends on the requesting account: its RSVP, whether it may RSVP, and the count. */
export function selectEvents(db: Db, accountId: number) {
  // A chapter-scoped caller (issue 35 §3) sees its chapters' events only.
  return scoped(db.selectFrom('calendarEvents as e'), 'e.chapterId')
    .leftJoin('chapters as ch', 'ch.id', 'e.chapterId')
    .select([
      'e.id',
      'e.uuid',
      'e.name',
      'e.description',
      'e.eventStart',
      'e.eventEnd',
      'e.type',
      'e.chapterId',
      'ch.name as chapterName',
      'e.programComponentId',
      'e.location',
      'e.zoomStatus',
      'e.zoomId',
    ])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('eventRsvps as r')
            .select('r.eventId')
            .whereRef('r.eventId', '=', 'e.id')
            .where('r.accountId', '=', accountId),
        )
        .as('hasRsvp'),
      eb
        .selectFrom('eventRsvps as r')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('r.eventId', '=', 'e.id')
        .as('rsvpCount'),
      // A member may RSVP to an upcoming event; to a Chapter event only when it is their chapter's.
      sql<boolean>`e.event_start > now() and (e.type <> 'Chapter' or e.chapter_id = (select a.chapter_id from accounts a where a.id = ${accountId}))`.as(
        'canRsvp',
      ),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEvents>['executeTakeFirstOrThrow']>>;

export function toEvent(row: Row): CalendarEvent {
  return {
    uuid: row.uuid,
    id: row.id,
    name: row.name,
    description: row.description,
    eventStart: row.eventStart.toISOString(),
    eventEnd: row.eventEnd?.toISOString() ?? null,
    type: row.type as CalendarEventType,
    chapter: row.chapterId === null ? null : { id: row.chapterId, name: row.chapterName ?? '' },
    zoom: row.zoomStatus === null ? null : { zoomStatus: row.zoomStatus as 'Pending', zoomId: row.zoomId },
    programComponent: row.programComponentId === null ? null : { id: row.programComponentId },
    location: row.location,
    canRsvp: Boolean(row.canRsvp),
    hasRsvp: Boolean(row.hasRsvp),
    rsvpCount: Number(row.rsvpCount ?? 0),
  };
}

export type Range = { types: CalendarEventType[]; from?: Date; to?: Date };

/** Events of the given types that overlap [from, to): an event without an end occupies its start instant. */
export async function listEvents(db: Db, accountId: number, range: Range): Promise<CalendarEvent[]> {
  if (!range.types.length) return [];
  let qb = selectEvents(db, accountId).where('e.type', 'in', range.types);
  if (range.to) qb = qb.where('e.eventStart', '<', range.to);
  if (range.from) qb = qb.where(sql<boolean>`coalesce(e.event_end, e.event_start) >= ${range.from}`);
  const rows = await qb.orderBy('e.eventStart').orderBy('e.id').execute();
  return rows.map(toEvent);
}

export async function getEvent(db: Db, accountId: number, uuid: string): Promise<CalendarEvent | undefined> {
  const row = await selectEvents(db, accountId).where('e.uuid', '=', uuid).executeTakeFirst();
  return row && toEvent(row);
}

export async function getEventOfProgramComponent(db: Db, accountId: number, programComponentId: number) {
  const row = await selectEvents(db, accountId)
    .where('e.programComponentId', '=', programComponentId)
    .executeTakeFirst();
  return row && toEvent(row);
}

/** The stored row, locked for a change, with whether it has started already. */
export async function lockEvent(db: Trx, uuid: string) {
  return db
    .selectFrom('calendarEvents')
    .selectAll()
    .select(sql<boolean>`event_start <= now()`.as('started'))
    .where('uuid', '=', uuid)
    .where(inScope('calendarEvents.chapterId'))
    .forUpdate()
    .executeTakeFirst();
}

export type StoredEvent = NonNullable<Awaited<ReturnType<typeof lockEvent>>>;

/** A stored row in the shape of the create body, so a PATCH can be applied over it and checked whole. */
export function toInput(row: StoredEvent): Input {
  return {
    name: row.name,
    description: row.description,
    eventStart: row.eventStart.toISOString(),
    eventEnd: row.eventEnd?.toISOString() ?? null,
    type: row.type as CalendarEventType,
    chapterId: row.chapterId,
    location: row.location,
    zoom: row.zoomStatus !== null,
    programComponentId: row.programComponentId,
  };
}

function values(input: Input, current?: StoredEvent) {
  const keepZoom = input.zoom && current?.zoomStatus;
  return {
    name: input.name,
    description: input.description,
    eventStart: input.eventStart,
    eventEnd: input.eventEnd,
    type: input.type,
    // A chapter belongs only to Chapter events, a program component only to Learning events.
    chapterId: input.type === 'Chapter' ? input.chapterId : null,
    programComponentId: input.type === 'Learning' ? input.programComponentId : null,
    location: input.location,
    zoomStatus: keepZoom ? current!.zoomStatus : input.zoom ? 'Pending' : null,
    zoomId: keepZoom ? current!.zoomId : null,
  };
}

export async function createEvent(db: Db, input: Input, createdBy: number): Promise<string> {
  const { uuid } = await db
    .insertInto('calendarEvents')
    .values({ ...values(input), createdBy })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return uuid;
}

export async function updateEvent(db: Db, current: StoredEvent, input: Input): Promise<void> {
  await db
    .updateTable('calendarEvents')
    .set({ ...values(input, current), updatedAt: sql`now()` })
    .where('id', '=', current.id)
    .execute();
}

export async function deleteEvent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('calendarEvents').where('id', '=', id).execute();
}

export async function chapterExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('chapters').select('id').where('id', '=', id).executeTakeFirst());
}

export async function programComponentTaken(db: Db, programComponentId: number, exceptId?: number): Promise<boolean> {
  let qb = db.selectFrom('calendarEvents').select('id').where('programComponentId', '=', programComponentId);
  if (exceptId) qb = qb.where('id', '!=', exceptId);
  return !!(await qb.executeTakeFirst());
}
