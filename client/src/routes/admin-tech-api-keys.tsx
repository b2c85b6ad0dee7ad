import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { apiKeysSearch } from '../features/api-keys/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/tech/api-keys: API keys and their side panel (add, a new key shown once, details, revoke); list state and `edit` in the URL. */
export const adminTechApiKeysRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/api-keys',
  ...needs('apiKeys:read'),
  validateSearch: apiKeysSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/api-keys/api').then((m) => m.apiKeysArea)),
  component: lazyRouteComponent(() => import('../features/api-keys/api-keys-page'), 'ApiKeysPage'),
});
