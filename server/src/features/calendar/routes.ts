import { RequestValidationError } from '@ts-rest/fastify';
import { CALENDAR_EVENT_NOT_FOUND, CalendarEventInput, PAST_EVENT_MESSAGE, contract } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/database.js';
import * as repo from './repo.js';
import { checkChapterInScope } from '../../services/auth/chapter-scope.js';

type Input = z.output<typeof CalendarEventInput>;

export const notFound = () => new AppError(404, CALENDAR_EVENT_NOT_FOUND);
export const accountId = (request: FastifyRequest) => request.account!.id;

/** Rules that need the database or the clock; the contract has already checked each field. */
async function checkInput(db: Db, input: Input, current?: repo.StoredEvent) {
  // A chapter-scoped caller keeps its events within its chapters (issue 35 §3).
  checkChapterInScope(input.type === 'Chapter' ? input.chapterId : null);
  const startChanged = !current || current.eventStart.toISOString() !== input.eventStart;
  if (startChanged && new Date(input.eventStart).getTime() <= Date.now()) {
    throw new AppError(400, 'Event Start must be in the future');
  }
  if (input.type === 'Chapter' && input.chapterId && !(await repo.chapterExists(db, input.chapterId))) {
    throw new AppError(400, 'Chapter not found');
  }
  if (
    input.type === 'Learning' &&
    input.programComponentId &&
    (await repo.programComponentTaken(db, input.programComponentId, current?.id))
  ) {
    throw new AppError(409, 'This program component already has a Calendar Event');
  }
}

export const calendarRoutes = s.router(contract.calendar, {
  list: async ({ query, request }) => {
    // A bare toDate names a whole day: include it by ending the range at the next midnight.
    const to =
      query.toDate && (query.toDate.dayOnly ? new Date(query.toDate.date.getTime() + 86_400_000) : query.toDate.date);
    const events = await repo.listEvents(request.server.db, accountId(request), {
      types: query.includedTypes,
      from: query.fromDate?.date,
      to,
    });
    return { status: 200, body: events };
  },

  get: async ({ params, request }) => {
    const event = await repo.getEvent(request.server.db, accountId(request), params.uuid);
    if (!event) throw notFound();
    return { status: 200, body: event };
  },

  ofProgramComponent: async ({ params, request }) => {
    const event = await repo.getEventOfProgramComponent(request.server.db, accountId(request), params.id);
    if (!event) throw notFound();
    return { status: 200, body: event };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    await checkInput(db, body);
    const uuid = await repo.createEvent(db, body, accountId(request));
    return { status: 201, body: (await repo.getEvent(db, accountId(request), uuid))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    await db.transaction().execute(async (trx) => {
      const current = await repo.lockEvent(trx, params.uuid);
      if (!current) throw notFound();
      if (current.started) throw new AppError(409, PAST_EVENT_MESSAGE);
      const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      // The merged event must still be whole: e.g. a Chapter event keeps its chapter, the end stays after the start.
      const merged = CalendarEventInput.safeParse({ ...repo.toInput(current), ...patch });
      if (!merged.success) throw new RequestValidationError(null, null, null, merged.error);
      await checkInput(trx, merged.data, current);
      await repo.updateEvent(trx, current, merged.data);
    });
    return { status: 200, body: (await repo.getEvent(db, accountId(request), params.uuid))! };
  },

  remove: async ({ params, request }) => {
    await request.server.db.transaction().execute(async (trx) => {
      const current = await repo.lockEvent(trx, params.uuid);
      if (!current) throw notFound();
      if (current.started) throw new AppError(409, PAST_EVENT_MESSAGE);
      await repo.deleteEvent(trx, current.id);
    });
    return { status: 204, body: undefined };
  },
});
