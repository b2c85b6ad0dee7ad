import { contract } from '@app/contract';
import { s } from './ts-rest.js';
import { authRoutes } from './features/auth/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { institutionRoutes } from './features/institutions/routes.js';
import { fileRoutes } from './features/files/routes.js';
import { chapterRoutes } from './features/chapters/routes.js';
import { calendarRoutes } from './features/calendar/routes.js';
import { memberEventsRoutes } from './features/calendar/member-events-routes.js';
import { accountRoutes } from './features/accounts/routes.js';

/** Every area's handlers, one line each, checked by ts-rest against the contract. */
export const router = s.router(contract, {
  auth: authRoutes,
  health: healthRoutes,
  dashboard: dashboardRoutes,
  institutions: institutionRoutes,
  files: fileRoutes,
  chapters: chapterRoutes,
  calendar: calendarRoutes,
  memberEvents: memberEventsRoutes,
  accounts: accountRoutes,
});
