import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** The public page of an invitation email's signed unsubscribe link: no sign-in, outside /admin and /member. */
export const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe/$invitationId/$emailId/$inviteeId',
  validateSearch: z.object({ signature: z.string().optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/unsubscribe/unsubscribe-page'), 'UnsubscribeRoutePage'),
});
