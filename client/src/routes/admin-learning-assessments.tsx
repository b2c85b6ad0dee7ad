import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { ASSESSMENT_TABS, assessmentDetailSearch, assessmentsSearch } from '../features/assessments/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/learning/assessments: the list and the Add side sheet; search, sort, page and `edit` live in the URL. */
export const adminLearningAssessmentsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/assessments',
  ...needs('assessments:read'),
  validateSearch: assessmentsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/assessments/api').then((m) => m.assessmentsArea)),
  component: lazyRouteComponent(() => import('../features/assessments/assessments-page'), 'AssessmentsPage'),
});

/** /admin/learning/assessments/{assessmentId}: the four tabs, the tab in `tab`. */
export const adminLearningAssessmentRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/assessments/$assessmentId',
  ...needs('assessments:read', { sweepTabs: ASSESSMENT_TABS.filter((t) => t !== 'Assessment Details') }),
  ...idRoute('assessmentId'),
  validateSearch: assessmentDetailSearch,
  component: lazyRouteComponent(
    () => import('../features/assessments/assessment-detail-page'),
    'AssessmentDetailRoute',
  ),
});
