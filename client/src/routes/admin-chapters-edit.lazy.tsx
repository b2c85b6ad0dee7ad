import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { EditChapterPage } from '../features/chapters/chapter-edit-page';

const routeApi = getRouteApi('/admin/chapters/$chapterId/edit');

/** The chapter edit screen's code, loaded when the route is visited. */
export const Route = createLazyRoute('/admin/chapters/$chapterId/edit')({
  component: function AdminChapterEdit() {
    const { chapterId } = routeApi.useParams();
    return <EditChapterPage chapterId={Number(chapterId)} />;
  },
});
