import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { EditInvitationPage } from '../features/invitations/invitation-edit-page';
import { InvitationDetailPage } from '../features/invitations/invitation-detail-page';

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
    return <InvitationDetailPage invitationId={Number(invitationId)} />;
  },
});
