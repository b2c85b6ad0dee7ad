import { createRoute, redirect } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { EditChapterPage } from '../features/chapters/chapter-edit-page';

/** /admin/chapters/{chapterId}/edit: the chapter form as a full page. */
export const adminChaptersEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters/$chapterId/edit',
  component: function AdminChapterEdit() {
    const { chapterId } = adminChaptersEditRoute.useParams();
    return <EditChapterPage chapterId={Number(chapterId)} />;
  },
});

/** /admin/chapters/{chapterId} (the breadcrumb above the edit page) opens the chapter's form. */
export const adminChapterRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters/$chapterId',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/chapters/$chapterId/edit', params: { chapterId: params.chapterId }, replace: true } as never);
  },
});
