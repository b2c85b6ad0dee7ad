import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { z } from 'zod';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { questionPanelSearch } from '../components/question-kit/question-panel';
import { quizzesSearch } from '../features/quizzes/search';
import { needs } from './needs';

/** /admin/learning/quiz: the quizzes; search, sort and page live in the URL. */
export const adminLearningQuizListRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/quiz',
  ...needs('quizzes:read'),
  validateSearch: quizzesSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/quizzes/quizzes-page'), 'QuizzesPage'),
});

/** /admin/learning/quiz/{quizId}: one quiz's questions; the question side panel lives in the URL (`question`, `type`). */
export const adminLearningQuizRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/quiz/$quizId',
  ...needs('quizzes:read'),
  ...idRoute('quizId'),
  validateSearch: z.object(questionPanelSearch),
  component: lazyRouteComponent(() => import('../features/quizzes/quiz-page'), 'QuizScreen'),
});
