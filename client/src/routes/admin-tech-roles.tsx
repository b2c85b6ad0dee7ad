import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { rolesSearch } from '../features/roles/search';
import { needs } from './needs';

/** /admin/tech/roles: staff roles and their Add/Edit side panel (issue 35 §2); `edit` in the URL. */
export const adminTechRolesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/roles',
  ...needs('roles:read'),
  validateSearch: rolesSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/roles/roles-page'), 'RolesPage'),
});
