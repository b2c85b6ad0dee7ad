import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import type { InstitutionStatsRow } from '@app/contract';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { count, formatDay, percent } from '../../components/format';
import { institutionStatsArea } from './api';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search institution' },
  { key: 'deadlineFrom', type: 'date', label: 'Deadline from' },
  { key: 'deadlineTo', type: 'date', label: 'Deadline to' },
];

/** A rate with its count on hover or focus (spec 02 §2: "each rate has a tooltip with the count"). */
function Rate({ ratio, label }: { ratio: number | null; label: string }) {
  return (
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }}>
      <Text span size="sm" tabIndex={0} style={{ whiteSpace: 'nowrap', cursor: 'help' }}>
        {percent(ratio)}
      </Text>
    </Tooltip>
  );
}

const columns: Column<InstitutionStatsRow>[] = [
  {
    key: 'institution',
    header: 'Institution',
    sortField: 'institution_name',
    render: (r) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={r.institution_logo} alt="" size={28} radius="sm" color="blue">
          {r.institution_abbr.slice(0, 3)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {r.institution_name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.institution_abbr}
          </Text>
        </div>
      </Group>
    ),
  },
  {
    key: 'deadline',
    header: 'Deadline',
    sortField: 'deadline',
    render: (r) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDay(r.deadline)}
      </Text>
    ),
  },
  {
    key: 'pledged',
    header: 'Pledge Rate',
    sortField: 'ratio_pledged',
    render: (r) => <Rate ratio={r.ratio_pledged} label={`${count(r.count_pledged)} pledged`} />,
  },
  {
    key: 'joined',
    header: 'RR',
    sortField: 'ratio_joined',
    render: (r) => <Rate ratio={r.ratio_joined} label={`${count(r.count_joined)} paid`} />,
  },
  {
    key: 'delivered',
    header: 'Delivery Rate',
    sortField: 'ratio_sent',
    visibleFrom: 'sm',
    render: (r) => <Rate ratio={r.ratio_sent} label={`${count(r.count_sent)} sent`} />,
  },
  {
    key: 'opened',
    header: 'Open Rate',
    sortField: 'ratio_opened',
    visibleFrom: 'sm',
    render: (r) => <Rate ratio={r.ratio_opened} label={`${count(r.count_opened)} opened`} />,
  },
  {
    key: 'ctr',
    header: 'CTR',
    sortField: 'ratio_ctr',
    visibleFrom: 'sm',
    render: (r) => <Rate ratio={r.ratio_ctr} label={`${count(r.count_clicked)} clicked`} />,
  },
];

/**
 * /admin/logistics/stats-by-institution (spec 02 §2): one row per institution and deadline; pledge
 * rate and RR over valid invitees, delivery over sent, open rate and CTR over delivered.
 */
export function StatsByInstitutionPage() {
  return (
    <AreaListPage
      title="Stats by Institution"
      area={institutionStatsArea}
      columns={columns}
      filters={filters}
      rowKey={(r) => `${r.institution_id}:${r.deadline}`}
      emptyText="No invitations match these filters."
    />
  );
}
