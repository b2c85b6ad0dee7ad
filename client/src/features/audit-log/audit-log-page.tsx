import { Badge, Text } from '@mantine/core';
import type { AuditEntry } from '@app/contract';
import { Note, type Column, type FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { formatDateTime } from '../../components/format';
import { auditLogArea, useAuditFacets } from '../../components/audit/api';
import { AuditChanges } from '../../components/audit/audit-changes';
import { AuditRecord } from '../../components/audit/audit-record';

const actionColor: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  export: 'grape',
  'test-send': 'cyan',
  import: 'orange',
};

const columns: Column<AuditEntry>[] = [
  {
    key: 'at',
    header: 'When',
    sortField: 'at',
    // Free to wrap: on a phone the date and time take two lines and leave the action room.
    render: (e) => <Text size="sm">{formatDateTime(e.at)}</Text>,
  },
  {
    key: 'actor',
    header: 'Who',
    render: (e) => (
      <div>
        <Text size="sm">{e.actorName ?? 'Unknown'}</Text>
        {e.address && <Note>{e.address}</Note>}
      </div>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    // What was done is the point of a row: shown on phones too, beside When.
    primary: true,
    render: (e) => (
      <Badge variant="light" color={actionColor[e.action] ?? 'gray'} tt="none">
        {e.action}
      </Badge>
    ),
  },
  {
    key: 'entity',
    header: 'Record',
    visibleFrom: 'sm',
    render: (e) => <AuditRecord entry={e} />,
  },
  { key: 'changes', header: 'Changes', visibleFrom: 'md', render: (e) => <AuditChanges entry={e} /> },
];

/** /admin/tech/audit-log: every audited staff action, newest first (issue 27), with the list kit's search, filters and export. */
export function AuditLogPage() {
  const facets = useAuditFacets().data?.body;
  const filters: FilterDef[] = [
    { key: 'search', type: 'search', placeholder: 'Search record id, who, address' },
    { key: 'actor', type: 'select', label: 'Who', options: facets?.actors ?? [] },
    { key: 'entity', type: 'select', label: 'Entity', options: facets?.entities ?? [] },
    { key: 'action', type: 'select', label: 'Action', options: facets?.actions ?? [] },
    { key: 'dateFrom', type: 'date', label: 'Date from' },
    { key: 'dateTo', type: 'date', label: 'Date to' },
  ];
  return (
    <AreaListPage
      title="Audit Log"
      area={auditLogArea}
      columns={columns}
      filters={filters}
      emptyText="No audited actions match."
    />
  );
}
