import { COMPONENT_MESSAGES, PROGRAM_MESSAGES, contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import * as repo from './repo.js';
import * as components from './component-repo.js';
import { componentForm } from './component-form.js';
import { getComponent } from './component-load.js';

const saveProblem = (problem: components.SaveProblem) =>
  problem === 'assessmentNameLocked'
    ? fieldError('name', COMPONENT_MESSAGES.assessmentNameLocked)
    : fieldError('fallbackId', COMPONENT_MESSAGES[problem]);

export const programRoutes = s.router(contract.programs, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listPrograms(request.server.db, query) }),

  get: async ({ params, request }) => {
    const program = await repo.getProgramDetail(request.server.db, { id: params.id });
    if (!program) throw notFound('Program');
    return { status: 200, body: program };
  },

  getBySlug: async ({ params, request }) => {
    const program = await repo.getProgramDetail(request.server.db, { slug: params.slug });
    if (!program) throw notFound('Program');
    return { status: 200, body: program };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    const id = await db.transaction().execute((trx) => repo.createProgram(trx, body, request.account!.id));
    return { status: 201, body: (await repo.getProgram(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    if (!(await repo.updateProgram(db, params.id, body, request.account!.id))) throw notFound('Program');
    return { status: 200, body: (await repo.getProgram(db, params.id))! };
  },

  remove: async ({ params, request }) => {
    const found = await request.server.db.transaction().execute((trx) => repo.deleteProgram(trx, params.id));
    if (!found) throw notFound('Program');
    return { status: 204, body: undefined };
  },

  createSection: async ({ params, body, request }) => {
    const { db } = request.server;
    if (!(await repo.getProgram(db, params.programId))) throw notFound('Program');
    const section = await repo.createSection(db, params.programId, body);
    await repo.touchProgram(db, params.programId);
    return { status: 201, body: section };
  },

  updateSection: async ({ params, body, request }) => {
    const section = await repo.updateSection(request.server.db, params.id, body);
    if (!section) throw notFound('Section');
    return { status: 200, body: section };
  },

  removeSection: async ({ params, request }) => {
    const result = await request.server.db.transaction().execute((trx) => repo.deleteSection(trx, params.id));
    if (result === 'missing') throw notFound('Section');
    if (result === 'used') throw new AppError(409, PROGRAM_MESSAGES.sectionHasComponents);
    return { status: 204, body: undefined };
  },

  componentForm: async ({ request }) => ({ status: 200, body: await componentForm(request.server.db) }),

  createComponent: async ({ params, body, request }) => {
    const { db } = request.server;
    const id = await db
      .transaction()
      .execute((trx) => components.createComponent(trx, params.programId, params.sectionId, body, request.account!.id));
    if (id === 'missing') throw notFound('Section');
    if (typeof id === 'string') throw saveProblem(id);
    return { status: 201, body: (await getComponent(db, id))! };
  },

  getComponent: async ({ params, request }) => {
    const component = await getComponent(request.server.db, params.id);
    if (!component) throw notFound('Component');
    return { status: 200, body: component };
  },

  updateComponent: async ({ params, body, request }) => {
    const { db } = request.server;
    const result = await db
      .transaction()
      .execute((trx) => components.updateComponent(trx, params.id, body, request.account!.id));
    if (result === false) throw notFound('Component');
    if (typeof result === 'string') throw saveProblem(result);
    return { status: 200, body: (await getComponent(db, params.id))! };
  },

  removeComponent: async ({ params, request }) => {
    const result = await request.server.db.transaction().execute((trx) => components.deleteComponent(trx, params.id));
    if (result === 'missing') throw notFound('Component');
    if (result === 'fallback') throw new AppError(409, COMPONENT_MESSAGES.isFallback);
    return { status: 204, body: undefined };
  },

  reorderComponents: async ({ params, body, request }) => {
    const { db } = request.server;
    const result = await db
      .transaction()
      .execute((trx) => components.reorderComponents(trx, params.programId, body.sectionId, body.entityIds));
    if (result === 'missing') throw notFound('Program');
    if (result === 'section') throw notFound('Section');
    if (result === 'mismatch') throw new AppError(409, COMPONENT_MESSAGES.orderMismatch);
    return { status: 200, body: (await repo.getProgramDetail(db, { id: params.programId }))! };
  },
});
