import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { needs } from './needs';

/** /admin/chapters/new: the chapter form as a full page. */
export const adminChaptersNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters/new',
  ...needs('chapters:write'),
  component: lazyRouteComponent(() => import('../features/chapters/chapter-edit-page'), 'NewChapterPage'),
});
