import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { emailTemplatesSearch } from '../features/email-templates/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/tech/email-templates: the list; its filters, sort and page live in the URL. */
export const adminTechEmailTemplatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/email-templates',
  ...needs('emailTemplates:read'),
  validateSearch: emailTemplatesSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/email-templates/api').then((m) => m.emailTemplatesArea)),
  component: lazyRouteComponent(() => import('../features/email-templates/email-templates-page'), 'EmailTemplatesPage'),
});

/** /admin/tech (the 'Tech' breadcrumb) opens the first technology screen, the email templates. */
export const adminTechRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech',
  beforeLoad: () => {
    throw redirect({ to: '/admin/tech/email-templates', replace: true });
  },
});
