import { createRoute } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { DashboardPage } from '../features/dashboard/dashboard-page';

/** /admin: the dashboard (spec 01 §2). */
export const adminHomeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: DashboardPage,
});
