import { useMemo } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { InviteeListQuery, type Invitation } from '@app/contract';
import { AreaListPage } from '../../components/area-list-page';
import { inviteesRoutes, useInvitationInvitees } from './api';
import { inviteeColumns, inviteeFilters } from './invitee-columns';
import { useInviteeTestDialog } from './use-invitee-test-dialog';
import { useInviteeFeeMenu } from './use-invitee-fee-menu';

const routeApi = getRouteApi('/admin/logistics/invitations/$invitationId');
const filters = inviteeFilters(true);

/** The invitation's Invitees tab: its list keys live in the detail's URL beside `tab`. */
export default function InviteesTab({ invitation }: { invitation: Invitation }) {
  const test = useInviteeTestDialog();
  const { feeMenu, panel } = useInviteeFeeMenu();
  const columns = useMemo(
    () =>
      inviteeColumns({
        emails: invitation.deliverEmails,
        postal: invitation.deliverPostalMails,
        onSendTest: test.open,
        payment: feeMenu,
        optOut: true,
      }),
    [invitation.deliverEmails, invitation.deliverPostalMails, test.open, feeMenu],
  );
  const exportRoute = useMemo(
    () => ({
      ...inviteesRoutes.exportOfInvitation,
      path: inviteesRoutes.exportOfInvitation.path.replace(':id', String(invitation.id)),
    }),
    [invitation.id],
  );
  return (
    <>
      <AreaListPage
        title="Invitees"
        search={routeApi.useSearch()}
        area={{ listQuery: InviteeListQuery, useList: useInvitationInvitees(invitation.id), exportRoute }}
        columns={columns}
        filters={filters}
      />
      {test.dialog}
      {panel}
    </>
  );
}
