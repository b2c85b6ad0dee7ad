import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { needs } from './needs';

/** /admin/tech/settings: the society's name, address, logo and issuer public key (issue 38 §7). */
export const adminTechSettingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/settings',
  ...needs('settings:read'),
  component: lazyRouteComponent(() => import('../features/society-settings/settings-page'), 'SocietySettingsPage'),
});
