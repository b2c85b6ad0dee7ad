import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { privacySearch } from '../features/privacy/search';
import { needs } from './needs';

/** /admin/tech/privacy: one person's data found, exported or erased (issue 36); the lookup in the URL. */
export const adminTechPrivacyRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/privacy',
  ...needs('privacy:read'),
  validateSearch: privacySearch,
  component: lazyRouteComponent(() => import('../features/privacy/privacy-page'), 'PrivacyPage'),
});
