import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { emailsSentSearch } from '../features/emails/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/tech/emails-sent: the send log; filters, sort, page, the open send (`details`) and the events panel's paging live in the URL. */
export const adminTechEmailsSentRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/emails-sent',
  ...needs('emails:read'),
  validateSearch: emailsSentSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/emails/api').then((m) => m.emailsArea)),
  component: lazyRouteComponent(() => import('../features/emails/emails-sent-page'), 'EmailsSentPage'),
});
