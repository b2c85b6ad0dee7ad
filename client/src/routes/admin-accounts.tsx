import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { accountsSearch } from '../features/accounts/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/accounts: the accounts list and its side panels; filters, sort, page and `edit` live in the URL. */
export const adminAccountsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts',
  ...needs('accounts:read'),
  validateSearch: accountsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/accounts/api').then((m) => m.accountsArea)),
  component: lazyRouteComponent(() => import('../features/accounts/accounts-page'), 'AccountsPage'),
});
