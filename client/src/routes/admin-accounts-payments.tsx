import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { paymentsSearch } from '../features/payments/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/accounts/payments: the payments list; filters, sort and page live in the URL. */
export const adminAccountsPaymentsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts/payments',
  ...needs('payments:read'),
  validateSearch: paymentsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/payments/api').then((m) => m.paymentsArea)),
  component: lazyRouteComponent(() => import('../features/payments/payments-page'), 'PaymentsPage'),
});
