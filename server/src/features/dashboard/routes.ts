import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import * as repo from './repo.js';

/** Dashboard counts (spec 01 §7). Windows and seasons are whole UTC days ending today (UTC). */
export const dashboardRoutes = s.router(contract.dashboard, {
  perDays: async ({ params, request }) => ({
    status: 200,
    body: await repo.countPerDays(request.server.db, params.type, Number(params.days), new Date()),
  }),

  seasonToDate: async ({ params, request }) => ({
    status: 200,
    body: await repo.countSeasonToDate(request.server.db, params.type, new Date()),
  }),

  perMonth: async ({ params, request }) => ({
    status: 200,
    body: await repo.countPerMonth(request.server.db, params.type),
  }),
});
