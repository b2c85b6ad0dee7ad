import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import { aiChatTemplateEditSearch, aiChatTemplateNewSearch, aiChatTemplatesSearch } from '../features/ai-chat/search';
import { needs } from './needs';

/** /admin/tech/ai-template: the list; its search, sort and page live in the URL. */
export const adminTechAiTemplatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/ai-template',
  ...needs('aiChat:read'),
  validateSearch: aiChatTemplatesSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/ai-chat/ai-chat-templates-page'), 'AiChatTemplatesPage'),
});

/** /admin/tech/ai-template/new: the Template tab as a full page, with the preview panel's keys. */
export const adminTechAiTemplateNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/ai-template/new',
  ...needs('aiChat:write'),
  validateSearch: aiChatTemplateNewSearch,
  component: lazyRouteComponent(() => import('../features/ai-chat/template-edit-page'), 'NewAiChatTemplatePage'),
});

/** /admin/tech/ai-template/{aiTemplateId}/edit: tabs Template and Chats in `tab` (Chats by default); the Chats list keys beside it. */
export const adminTechAiTemplateEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/tech/ai-template/$aiTemplateId/edit',
  ...needs('aiChat:read', { sweepTabs: ['Template'] }),
  ...idRoute('aiTemplateId'),
  validateSearch: aiChatTemplateEditSearch,
  search: { middlewares: listSearchMiddlewares },
  component: lazyRouteComponent(() => import('../features/ai-chat/template-edit-page'), 'EditAiChatTemplatePage'),
});
