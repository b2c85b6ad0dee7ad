import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { postalMailsSearch } from '../features/postal-mails/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/logistics/postal-mails: every invitation's postal mailings; sort, search and page live in the URL. */
export const adminLogisticsPostalMailsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/postal-mails',
  ...needs('postalMails:read'),
  validateSearch: postalMailsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/postal-mails/api').then((m) => m.postalMailsArea)),
  component: lazyRouteComponent(() => import('../features/postal-mails/postal-mails-page'), 'PostalMailsPage'),
});
