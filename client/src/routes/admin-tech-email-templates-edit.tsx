import { createRoute, redirect } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { needs } from './needs';

/** /admin/tech/email-templates/{templateId}/edit: the template form as a full page. */
export const adminTechEmailTemplatesEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/email-templates/$templateId/edit',
  ...needs('emailTemplates:read'),
  ...idRoute('templateId'),
}).lazy(() => import('./admin-tech-email-templates-edit.lazy').then((m) => m.Route));

/** /admin/tech/email-templates/{templateId} (the breadcrumb above the edit page) opens the template's form. */
export const adminTechEmailTemplateRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/email-templates/$templateId',
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/admin/tech/email-templates/$templateId/edit',
      params: { templateId: params.templateId },
      replace: true,
    });
  },
});
