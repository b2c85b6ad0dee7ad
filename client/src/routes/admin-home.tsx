import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { needs } from './needs';

/** /admin: the dashboard (spec 01 §2). */
export const adminHomeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  ...needs('dashboard:read'),
  component: lazyRouteComponent(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
});
