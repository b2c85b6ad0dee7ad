import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** /confirm-email?token=: the link confirming a member's new email address; no sign-in. */
export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: z.object({ token: z.string().max(100).optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/member/confirm-email-route'), 'ConfirmEmailRoutePage'),
});
