import { createRoute } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit';
import { PledgesPage } from '../features/accounts/pledges-page';
import { pledgesSearch } from '../features/accounts/search';

/** /admin/accounts/pledges: the read-only pledges list; filters, sort and page live in the URL. */
export const adminAccountsPledgesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts/pledges',
  validateSearch: pledgesSearch,
  search: { middlewares: listSearchMiddlewares },
  component: PledgesPage,
});
