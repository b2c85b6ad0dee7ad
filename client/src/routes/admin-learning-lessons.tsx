import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { needs } from './needs';

/** /admin/learning/programs/{programSlug}/lessons/{lessonSlug}: a segmented lesson's segments (the editor loads only when a segment opens). */
export const adminLearningLessonRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/programs/$programSlug/lessons/$lessonSlug',
  ...needs('lessons:read'),
  component: lazyRouteComponent(() => import('../features/lessons/lesson-page'), 'LessonPage'),
});

/** /admin/learning/programs/{programSlug}/lessons (the breadcrumb above a lesson) opens the program's syllabus. */
export const adminLearningLessonsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/learning/programs/$programSlug/lessons',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/admin/learning/programs/$programSlug',
      params: { programSlug: params.programSlug },
      replace: true,
    });
  },
});
