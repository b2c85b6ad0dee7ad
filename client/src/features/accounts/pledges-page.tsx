import type { MemberRow } from '@app/contract';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { useFeeActions } from '../../components/payment-actions';
import { pledgesArea } from './api';
import { memberColumns } from './members-page';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name, email or code' },
  { key: 'pledgeFrom', type: 'date', label: 'Pledged from' },
  { key: 'pledgeTo', type: 'date', label: 'Pledged to' },
];

/** /admin/accounts/pledges: pledges who have not completed membership (spec 01 §2), each with its Payment menu (issue 23). */
export function PledgesPage() {
  const fee = useFeeActions('account');
  const columns: Column<MemberRow>[] = [
    ...memberColumns({ header: 'Pledged At', sortField: 'pledgedat' }),
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (m) => fee.menu({ id: m.id, name: m.fullname, email: m.email }),
    },
  ];
  return (
    <>
      <AreaListPage title="Pledges" area={pledgesArea} columns={columns} filters={filters} />
      {fee.panel}
    </>
  );
}
