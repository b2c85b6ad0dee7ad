import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';

/** /admin: the dashboard (spec 01 §2). */
export const adminHomeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
});
