import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { membersSearch } from '../features/accounts/search';

/** /admin/accounts/members: the members list; filters, sort, page and `edit` live in the URL. */
export const adminAccountsMembersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts/members',
  validateSearch: membersSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/accounts/members-page'), 'MembersPage'),
});
