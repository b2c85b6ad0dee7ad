import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { needs } from './needs';
import { holds } from '../api/permissions';

/**
 * /admin: the dashboard (spec 01 §2). Staff whose roles do not include it (e.g. content editors) land on their
 * profile instead of a refusal.
 */
export const adminHomeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  ...needs('dashboard:read'),
  beforeLoad: ({ context }) => {
    if (!holds(context.account, 'dashboard:read')) throw redirect({ to: '/admin/profile' });
  },
  component: lazyRouteComponent(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
});
