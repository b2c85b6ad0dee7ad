import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { emailsScheduledSearch, institutionStatsSearch } from '../features/logistics-dashboard/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/logistics/stats-by-institution: rates per institution and deadline; filters, sort and page in the URL. */
export const adminLogisticsStatsByInstitutionRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/stats-by-institution',
  ...needs('logisticsStats:read'),
  validateSearch: institutionStatsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/logistics-dashboard/api').then((m) => m.institutionStatsArea)),
  component: lazyRouteComponent(
    () => import('../features/logistics-dashboard/stats-by-institution-page'),
    'StatsByInstitutionPage',
  ),
});

/** /admin/logistics/emails-scheduled-per-day: the day range (dateFrom, dateTo) in the URL. */
export const adminLogisticsEmailsScheduledRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/emails-scheduled-per-day',
  ...needs('logisticsStats:read'),
  validateSearch: emailsScheduledSearch,
  component: lazyRouteComponent(
    () => import('../features/logistics-dashboard/emails-scheduled-page'),
    'EmailsScheduledPage',
  ),
});
