import { createRoute } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { NewChapterPage } from '../features/chapters/chapter-edit-page';

/** /admin/chapters/new: the chapter form as a full page. */
export const adminChaptersNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters/new',
  component: NewChapterPage,
});
