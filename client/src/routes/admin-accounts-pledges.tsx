import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { pledgesSearch } from '../features/accounts/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/accounts/pledges: the read-only pledges list; filters, sort and page live in the URL. */
export const adminAccountsPledgesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts/pledges',
  ...needs('accounts:read'),
  validateSearch: pledgesSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/accounts/api').then((m) => m.pledgesArea)),
  component: lazyRouteComponent(() => import('../features/accounts/pledges-page'), 'PledgesPage'),
});
