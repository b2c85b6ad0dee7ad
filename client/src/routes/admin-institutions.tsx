import { createRoute } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit';
import { InstitutionsPage } from '../features/institutions/institutions-page';
import { institutionsSearch } from '../features/institutions/search';

/** /admin/institutions: the list and its side panel; filters, sort, page and `edit` live in the URL. */
export const adminInstitutionsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/institutions',
  validateSearch: institutionsSearch,
  search: { middlewares: listSearchMiddlewares },
  component: InstitutionsPage,
});
