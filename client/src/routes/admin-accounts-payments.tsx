import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { paymentsSearch } from '../features/payments/search';

/** /admin/accounts/payments: the payments list; filters, sort and page live in the URL. */
export const adminAccountsPaymentsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/accounts/payments',
  validateSearch: paymentsSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/payments/payments-page'), 'PaymentsPage'),
});
