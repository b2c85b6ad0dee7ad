import { useState } from 'react';
import { AreaListPage } from '../../components/area-list-page';
import { inviteesArea } from './api';
import { inviteeColumns, inviteeFilters } from './invitee-columns';
import { useInviteeTestDialog } from './use-invitee-test-dialog';
import { useInviteeFeeMenu } from './use-invitee-fee-menu';
const filters = inviteeFilters(false);

/** /admin/logistics/invitees: every invitation's invitees, with the filters of spec 02 §2 and a CSV export. */
export function InviteesPage() {
  const test = useInviteeTestDialog();
  const { feeMenu, panel } = useInviteeFeeMenu();
  const [columns] = useState(() =>
    inviteeColumns({ withInvitation: true, onSendTest: test.open, payment: feeMenu, optOut: true }),
  );
  return (
    <>
      <AreaListPage title="Invitees" area={inviteesArea} columns={columns} filters={filters} />
      {test.dialog}
      {panel}
    </>
  );
}
