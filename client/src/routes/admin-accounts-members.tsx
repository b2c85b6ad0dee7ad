import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { membersSearch } from '../features/accounts/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/accounts/members: the members list; filters, sort, page and `edit` live in the URL. */
export const adminAccountsMembersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts/members',
  ...needs('accounts:read'),
  validateSearch: membersSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/accounts/api').then((m) => m.membersArea)),
  component: lazyRouteComponent(() => import('../features/accounts/members-page'), 'MembersPage'),
});
