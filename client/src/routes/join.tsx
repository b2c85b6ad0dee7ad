import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

/** The public landing page of an invitation's join link: no sign-in, outside /admin and /member. */
export const joinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/join/$invitationCode',
  validateSearch: z.object({
    signature: z.string().optional().catch(undefined),
    // 1 when Stripe Checkout sends the payer back.
    paid: z.coerce.number().int().optional().catch(undefined),
  }),
  // The sweep also opens the signed landing page (the seed's `joinSearch`).
  staticData: { sweepSearch: 'joinSearch' },
  component: lazyRouteComponent(() => import('../features/join/join-page'), 'JoinRoutePage'),
});
