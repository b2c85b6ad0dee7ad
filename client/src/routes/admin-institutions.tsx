import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { institutionsSearch } from '../features/institutions/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/institutions: the list and its side panel; filters, sort, page and `edit` live in the URL. */
export const adminInstitutionsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/institutions',
  ...needs('institutions:read'),
  validateSearch: institutionsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/institutions/api').then((m) => m.institutionsArea)),
  component: lazyRouteComponent(() => import('../features/institutions/institutions-page'), 'InstitutionsPage'),
});
