import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { memberRoute } from './member';

/** /member/programs: the member's learning programs with their progress. */
export const memberProgramsRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/programs',
  component: lazyRouteComponent(() => import('../features/learn/programs-page'), 'MemberProgramsPage'),
});

/** /member/programs/{slug}?c={componentSlug}: walk a program; the open component lives in the URL. */
export const memberProgramRoute = createRoute({
  getParentRoute: () => memberRoute,
  path: '/programs/$slug',
  validateSearch: z.object({ c: z.string().max(300).optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/learn/program-page'), 'MemberProgramPage'),
});
