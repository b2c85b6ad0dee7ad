import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';

/** /admin/logistics: the logistics dashboard (spec 02 §2). */
export const adminLogisticsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics',
  component: lazyRouteComponent(
    () => import('../features/logistics-dashboard/logistics-dashboard-page'),
    'LogisticsDashboardPage',
  ),
});
