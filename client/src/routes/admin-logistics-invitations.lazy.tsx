import { lazy } from 'react';
import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { EditInvitationPage } from '../features/invitations/invitation-edit-page';
import { InvitationDetailPage, type SendingTabs } from '../features/invitations/invitation-detail-page';

// The detail's tabs from the sending areas, each loaded when first shown (the route composes features).
const sendingTabs: SendingTabs = {
  'Email Reminders': lazy(() => import('../features/reminders/reminders-tab')),
  'Postal Mailings': lazy(() => import('../features/postal-mails/postal-mails-tab')),
};
const RetentionCard = lazy(() => import('../features/privacy/retention-card'));

const editApi = getRouteApi('/admin/logistics/invitations/$invitationId/edit');
const detailApi = getRouteApi('/admin/logistics/invitations/$invitationId');

/** The invitation edit screen's code, loaded when the route is visited. */
export const EditRoute = createLazyRoute('/admin/logistics/invitations/$invitationId/edit')({
  component: function AdminInvitationEdit() {
    const { invitationId } = editApi.useParams();
    return <EditInvitationPage invitationId={Number(invitationId)} />;
  },
});

/** The invitation detail screen's code, loaded when the route is visited. */
export const DetailRoute = createLazyRoute('/admin/logistics/invitations/$invitationId')({
  component: function AdminInvitationDetail() {
    const { invitationId } = detailApi.useParams();
    return <InvitationDetailPage invitationId={Number(invitationId)} sending={sendingTabs} retention={RetentionCard} />;
  },
});
