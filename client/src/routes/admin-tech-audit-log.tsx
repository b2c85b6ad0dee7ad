import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { auditLogSearch } from '../features/audit-log/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/tech/audit-log: the audit trail of staff actions (issue 27); search, filters, sort and page in the URL. */
export const adminTechAuditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/audit-log',
  ...needs('auditLog:read'),
  validateSearch: auditLogSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../components/audit/api').then((m) => m.auditLogArea)),
  component: lazyRouteComponent(() => import('../features/audit-log/audit-log-page'), 'AuditLogPage'),
});
