import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { chaptersSearch } from '../features/chapters/search';
import { needs } from './needs';

/** /admin/chapters: the list; its filters, sort and page live in the URL. */
export const adminChaptersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/chapters',
  ...needs('chapters:read'),
  validateSearch: chaptersSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/chapters/chapters-page'), 'ChaptersPage'),
});
