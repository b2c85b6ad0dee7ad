import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { programsSearch } from '../features/programs/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/learning/programs: the programs and their side sheet; search, sort, page and `edit` live in the URL. */
export const adminLearningProgramsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/programs',
  ...needs('programs:read'),
  validateSearch: programsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/programs/api').then((m) => m.programsArea)),
  component: lazyRouteComponent(() => import('../features/programs/programs-page'), 'ProgramsPage'),
});

/** /admin/learning/programs/{programSlug}: the program's syllabus (sections, components, their order). */
export const adminLearningProgramRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/programs/$programSlug',
  ...needs('programs:read'),
  component: lazyRouteComponent(() => import('../features/programs/syllabus-page'), 'SyllabusPage'),
});
