import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

// Lazy like every screen: its forms' schemas are built when it opens, not by every page's first script. The
// route's preload in index.html (client/vite.config.ts) asks for its chunk beside the entry, so a signed-out
// visit makes no extra round trip.
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({
    redirect: z.string().optional().catch(undefined),
    /** `/login?forgot=1` opens on "Forgot password?". */
    forgot: z.unknown().optional().catch(undefined),
  }),
  component: lazyRouteComponent(() => import('../features/auth/login-screen'), 'LoginScreen'),
});
