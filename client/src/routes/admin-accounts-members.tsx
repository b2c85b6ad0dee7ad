import { createRoute } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit';
import { MembersPage } from '../features/accounts/members-page';
import { membersSearch } from '../features/accounts/search';

/** /admin/accounts/members: the members list; filters, sort, page and `edit` live in the URL. */
export const adminAccountsMembersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts/members',
  validateSearch: membersSearch,
  search: { middlewares: listSearchMiddlewares },
  component: MembersPage,
});
