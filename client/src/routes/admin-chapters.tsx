import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { chaptersSearch } from '../features/chapters/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/chapters: the list; its filters, sort and page live in the URL. */
export const adminChaptersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters',
  ...needs('chapters:read'),
  validateSearch: chaptersSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/chapters/api').then((m) => m.chaptersArea)),
  component: lazyRouteComponent(() => import('../features/chapters/chapters-page'), 'ChaptersPage'),
});
