import { createRoute, redirect } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { needs } from './needs';

/** /admin/chapters/{chapterId}/edit: the chapter form as a full page. */
export const adminChaptersEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters/$chapterId/edit',
  ...needs('chapters:read'),
  ...idRoute('chapterId'),
}).lazy(() => import('./admin-chapters-edit.lazy').then((m) => m.Route));

/** /admin/chapters/{chapterId} (the breadcrumb above the edit page) opens the chapter's form. */
export const adminChapterRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters/$chapterId',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/admin/chapters/$chapterId/edit',
      params: { chapterId: params.chapterId },
      replace: true,
    });
  },
});
