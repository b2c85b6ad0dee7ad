import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** The page of an emailed set-password link: no sign-in, outside /admin and /member. */
export const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/set-password/set-password-page'), 'SetPasswordRoutePage'),
});
