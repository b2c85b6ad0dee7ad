import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { EditEmailTemplatePage } from '../features/email-templates/email-template-edit-page';

const routeApi = getRouteApi('/admin/tech/email-templates/$templateId/edit');

/** The template edit screen's code, loaded when the route is visited. */
export const Route = createLazyRoute('/admin/tech/email-templates/$templateId/edit')({
  component: function AdminTechEmailTemplateEdit() {
    const { templateId } = routeApi.useParams();
    return <EditEmailTemplatePage templateId={Number(templateId)} />;
  },
});
