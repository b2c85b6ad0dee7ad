import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { allRemindersSearch } from '../features/reminders/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/logistics/email-reminders: weekly trends and every reminder; dateFrom, dateTo, search and page in the URL. */
export const adminLogisticsEmailRemindersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/email-reminders',
  ...needs('invitationEmails:read'),
  validateSearch: allRemindersSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/reminders/api').then((m) => m.allRemindersArea)),
  component: lazyRouteComponent(() => import('../features/reminders/email-reminders-page'), 'EmailRemindersPage'),
});
