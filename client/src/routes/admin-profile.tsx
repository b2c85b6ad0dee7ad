import { createRoute } from '@tanstack/react-router';
import { adminRoute } from './admin';

export const adminProfileRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/profile',
}).lazy(() => import('./admin-profile.lazy').then((m) => m.Route));
