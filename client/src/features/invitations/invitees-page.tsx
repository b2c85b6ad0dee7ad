import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { InviteeListQuery } from '@app/contract';
import { AreaListPage } from '../../components/area-list-page';
import { inviteesArea, inviteesRoutes } from './api';
import { inviteeColumns, inviteeFilters } from './invitee-columns';
import { useInviteeTestDialog } from './use-invitee-test-dialog';

const routeApi = getRouteApi('/admin/logistics/invitees');
const filters = inviteeFilters(false);

/** /admin/logistics/invitees: every invitation's invitees, with the filters of spec 02 §2 and a CSV export. */
export function InviteesPage() {
  const test = useInviteeTestDialog();
  const [columns] = useState(() => inviteeColumns({ withInvitation: true, onSendTest: test.open }));
  return (
    <>
      <AreaListPage
        title="Invitees"
        search={routeApi.useSearch()}
        query={InviteeListQuery}
        useList={inviteesArea.useList}
        exportRoute={inviteesRoutes.export}
        columns={columns}
        filters={filters}
      />
      {test.dialog}
    </>
  );
}
