import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { z } from 'zod';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { questionPanelSearch } from '../components/question-kit/question-panel';
import { surveysSearch } from '../features/surveys/search';
import { needs } from './needs';

/** /admin/learning/survey: the surveys; search, sort and page live in the URL. */
export const adminLearningSurveyListRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/survey',
  ...needs('surveys:read'),
  validateSearch: surveysSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/surveys/surveys-page'), 'SurveysPage'),
});

/** /admin/learning/survey/{surveyId}: one survey's questions; the question side panel lives in the URL (`question`, `type`). */
export const adminLearningSurveyRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/survey/$surveyId',
  ...needs('surveys:read'),
  ...idRoute('surveyId'),
  validateSearch: z.object(questionPanelSearch),
  component: lazyRouteComponent(() => import('../features/surveys/survey-page'), 'SurveyScreen'),
});
