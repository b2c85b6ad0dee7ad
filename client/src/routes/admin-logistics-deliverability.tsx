import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { deliverabilitySearch } from '../features/deliverability/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/logistics/deliverability: per domain and day; range, search, sort and page in the URL. */
export const adminLogisticsDeliverabilityRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/deliverability',
  ...needs('deliverability:read'),
  validateSearch: deliverabilitySearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/deliverability/api').then((m) => m.domainDaysArea)),
  component: lazyRouteComponent(() => import('../features/deliverability/deliverability-page'), 'DeliverabilityPage'),
});
