import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { outboxSearch } from '../features/emails/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/tech/outbox: messages kept locally when no SMTP server is configured, and one of them (`message`). */
export const adminTechOutboxRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/outbox',
  ...needs('emails:read'),
  validateSearch: outboxSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/emails/api').then((m) => m.outboxArea)),
  component: lazyRouteComponent(() => import('../features/emails/outbox-page'), 'OutboxPage'),
});
