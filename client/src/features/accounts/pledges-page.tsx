import type { FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { pledgesArea } from './api';
import { memberColumns } from './members-page';


const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name, email or code' },
  { key: 'pledgeFrom', type: 'date', label: 'Pledged from' },
  { key: 'pledgeTo', type: 'date', label: 'Pledged to' },
];

const columns = memberColumns({ header: 'Pledged At', sortField: 'pledgedat' });

/** /admin/accounts/pledges: read-only list of pledges who have not completed membership (spec 01 §2). */
export function PledgesPage() {
  return (
    <AreaListPage title="Pledges" area={pledgesArea} columns={columns} filters={filters} />
  );
}
