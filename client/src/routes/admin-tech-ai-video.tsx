import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { AI_VIDEO_TABS, aiVideoTemplateEditSearch, aiVideoTemplatesSearch } from '../features/ai-video/search';
import { needs } from './needs';

/** /admin/tech/ai-video-template: the list; its search, sort and page live in the URL. */
export const adminTechAiVideoTemplatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/ai-video-template',
  ...needs('aiVideo:read'),
  validateSearch: aiVideoTemplatesSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/ai-video/ai-video-templates-page'), 'AiVideoTemplatesPage'),
});

/** /admin/tech/ai-video-template/new: the Template tab as a full page. */
export const adminTechAiVideoTemplateNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/ai-video-template/new',
  ...needs('aiVideo:write'),
  component: lazyRouteComponent(() => import('../features/ai-video/template-edit-page'), 'NewAiVideoTemplatePage'),
});

/** /admin/tech/ai-video-template/{aiVideoTemplateId}/edit: tabs Template, Videos, Generate in `tab`; the Videos list keys beside it. */
export const adminTechAiVideoTemplateEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/ai-video-template/$aiVideoTemplateId/edit',
  ...needs('aiVideo:read', { sweepTabs: AI_VIDEO_TABS.filter((t) => t !== 'Template') }),
  ...idRoute('aiVideoTemplateId'),
  validateSearch: aiVideoTemplateEditSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/ai-video/template-edit-page'), 'EditAiVideoTemplatePage'),
});
