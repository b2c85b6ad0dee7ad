import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { importsSearch } from '../features/imports/search';
import { needs } from './needs';

/** /admin/tech/imports: imports of institutions, chapters and accounts, and the past imports' list (its keys in the URL). */
export const adminTechImportsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/imports',
  ...needs('imports:read'),
  validateSearch: importsSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/imports/imports-page'), 'ImportsPage'),
});
