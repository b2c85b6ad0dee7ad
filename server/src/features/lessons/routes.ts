import { contract, LESSON_MESSAGES } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, fieldError } from '../../errors.js';
import type { Trx } from '../../db/database.js';
import * as repo from './repo.js';

const lessonNotFound = () => new AppError(404, LESSON_MESSAGES.lessonNotFound);
const segmentNotFound = () => new AppError(404, LESSON_MESSAGES.segmentNotFound);

/** Locks the lesson for an order change: 404 when it does not exist, 409 when it is not a segmented lesson. */
async function lockLesson(trx: Trx, componentId: number) {
  const component = await repo.lockComponent(trx, componentId);
  if (!component) throw lessonNotFound();
  if (!repo.isSegmented(component.componentType)) throw new AppError(409, LESSON_MESSAGES.notSegmented);
}

export const lessonRoutes = s.router(contract.lessons, {
  getBySlug: async ({ params, request }) => {
    const lesson = await repo.getLessonBySlug(request.server.db, params.programSlug, params.lessonSlug);
    if (!lesson) throw lessonNotFound();
    return { status: 200, body: lesson };
  },

  createSegment: async ({ params, body, request }) => {
    const { db } = request.server;
    const id = await db.transaction().execute(async (trx) => {
      await lockLesson(trx, params.id);
      return repo.insertSegment(trx, params.id, body, request.account!.id);
    });
    return { status: 201, body: (await repo.getSegment(db, id))! };
  },

  updateSegment: async ({ params, body, request }) => {
    const { db } = request.server;
    if (!(await repo.updateSegment(db, params.id, body, request.account!.id))) throw segmentNotFound();
    return { status: 200, body: (await repo.getSegment(db, params.id))! };
  },

  removeSegment: async ({ params, request }) => {
    await request.server.db.transaction().execute(async (trx) => {
      const componentId = await repo.segmentComponent(trx, params.id);
      if (componentId === undefined) throw segmentNotFound();
      await repo.lockComponent(trx, componentId);
      if (!(await repo.deleteSegment(trx, componentId, params.id))) throw segmentNotFound();
    });
    return { status: 204, body: undefined };
  },

  reorderSegments: async ({ params, body, request }) => {
    const { db } = request.server;
    await db.transaction().execute(async (trx) => {
      await lockLesson(trx, params.id);
      const current = await repo.segmentIds(trx, params.id);
      const wanted = new Set(body.entityIds);
      if (
        wanted.size !== body.entityIds.length ||
        wanted.size !== current.length ||
        current.some((id) => !wanted.has(id))
      ) {
        throw fieldError('entityIds', LESSON_MESSAGES.orderMismatch);
      }
      await repo.writeOrder(trx, params.id, body.entityIds);
    });
    return { status: 200, body: await repo.listSegments(db, params.id) };
  },
});
