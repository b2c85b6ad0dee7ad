import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { blockedEmailsSearch } from '../features/blocked-emails/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/tech/emails-feedback: the Blocked Emails list and its side panel; filters, sort, page and `edit` live in the URL. */
export const adminTechEmailsFeedbackRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/emails-feedback',
  ...needs('blockedEmails:read'),
  validateSearch: blockedEmailsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/blocked-emails/api').then((m) => m.blockedEmailsArea)),
  component: lazyRouteComponent(() => import('../features/blocked-emails/blocked-emails-page'), 'BlockedEmailsPage'),
});
