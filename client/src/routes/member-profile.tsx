import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { memberRoute } from './member';

// /member itself, the member home, is a page the server renders (server/src/features/member/home-page.ts): links
// to it from the app load the document (`reloadDocument`), the router has no route for it.

/** /member/profile: the member's own details, email and password. */
export const memberProfileRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('../features/member/profile-page'), 'MemberProfilePage'),
});
