import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { needs } from './needs';

/** /admin/tech/email-templates/new: the template form as a full page. */
export const adminTechEmailTemplatesNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/email-templates/new',
  ...needs('emailTemplates:write'),
  component: lazyRouteComponent(
    () => import('../features/email-templates/email-template-edit-page'),
    'NewEmailTemplatePage',
  ),
});
