import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { needs } from './needs';

/** /admin/logistics: the logistics dashboard (spec 02 §2). */
export const adminLogisticsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics',
  ...needs('logisticsStats:read'),
  component: lazyRouteComponent(
    () => import('../features/logistics-dashboard/logistics-dashboard-page'),
    'LogisticsDashboardPage',
  ),
});
