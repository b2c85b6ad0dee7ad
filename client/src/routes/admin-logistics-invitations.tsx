import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminRoute } from './admin';
import { idRoute } from './record-id';
import { listSearchMiddlewares } from '../components/list-kit/list-search';
import {
  INVITATION_TABS,
  invitationDetailSearch,
  invitationsSearch,
  inviteesSearch,
} from '../features/invitations/search';
import { needs } from './needs';
import { prefetchesList } from './prefetch-list';

/** /admin/logistics/invitations: the list; its filters, sort and page live in the URL. */
export const adminLogisticsInvitationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/invitations',
  ...needs('invitations:read'),
  validateSearch: invitationsSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/invitations/api').then((m) => m.invitationsArea)),
  component: lazyRouteComponent(() => import('../features/invitations/invitations-page'), 'InvitationsPage'),
});

/** /admin/logistics/invitations/new: the invitation form as a full page. */
export const adminLogisticsInvitationsNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/invitations/new',
  ...needs('invitations:write'),
  component: lazyRouteComponent(() => import('../features/invitations/invitation-edit-page'), 'NewInvitationPage'),
});

/** /admin/logistics/invitations/{invitationId}/edit */
export const adminLogisticsInvitationsEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/invitations/$invitationId/edit',
  ...needs('invitations:read'),
  ...idRoute('invitationId'),
}).lazy(() => import('./admin-logistics-invitations.lazy').then((m) => m.EditRoute));

/** /admin/logistics/invitations/{invitationId}: the detail, its tab (and the Invitees tab's list) in the URL. */
export const adminLogisticsInvitationRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/invitations/$invitationId',
  ...needs('invitations:read', { sweepTabs: INVITATION_TABS.filter((t) => t !== 'General') }),
  ...idRoute('invitationId'),
  validateSearch: invitationDetailSearch,
  search: { middlewares: listSearchMiddlewares },
}).lazy(() => import('./admin-logistics-invitations.lazy').then((m) => m.DetailRoute));

/** /admin/logistics/invitees: every invitation's invitees. */
export const adminLogisticsInviteesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/logistics/invitees',
  ...needs('invitees:read'),
  validateSearch: inviteesSearch,
  search: { middlewares: listSearchMiddlewares },
  ...prefetchesList(() => import('../features/invitations/api').then((m) => m.inviteesArea)),
  component: lazyRouteComponent(() => import('../features/invitations/invitees-page'), 'InviteesPage'),
});
