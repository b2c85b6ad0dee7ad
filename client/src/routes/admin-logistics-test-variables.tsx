import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { invitationTestsSearch } from '../features/test-variables/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/logistics/test-variables: the A/B variables and their side sheet; filters, sort, page and `edit` live in the URL. */
export const adminLogisticsTestVariablesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/test-variables',
  ...needs('invitationTests:read'),
  validateSearch: invitationTestsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/test-variables/api').then((m) => m.testVariablesArea)),
  component: lazyRouteComponent(() => import('../features/test-variables/test-variables-page'), 'InvitationTestsPage'),
});
