import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { memberRoute } from './member';

/** /member: the member home (status, certificate, receipts, next events, programs, profile). */
export const memberHomeRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./member-home-page'), 'MemberHome'),
});

/** /member/profile: the member's own details, email and password. */
export const memberProfileRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('../features/member/profile-page'), 'MemberProfilePage'),
});
