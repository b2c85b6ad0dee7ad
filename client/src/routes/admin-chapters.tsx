import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { chaptersSearch } from '../features/chapters/search';

/** /admin/chapters: the list; its filters, sort and page live in the URL. */
export const adminChaptersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters',
  validateSearch: chaptersSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/chapters/chapters-page'), 'ChaptersPage'),
});
