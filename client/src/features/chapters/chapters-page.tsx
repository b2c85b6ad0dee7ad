import { Badge, Text } from '@mantine/core';
import type { Address, Chapter } from '@app/contract';
import {
  actionsColumn,
  EditButton,
  linkColumn,
  yesNoOptions,
  type Column,
  type FilterDef,
} from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { chaptersArea } from './api';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search chapters or institutions' },
  { key: 'active', type: 'select', label: 'Active', options: yesNoOptions('Active') },
  { key: 'acceptingMembers', type: 'select', label: 'Accepting Members', options: yesNoOptions('Accepting') },
];

/** One line of address: street, city, state and postal code, country. */
export function addressLine(a: Address): string {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.street1, a.street2, cityLine, a.country].filter(Boolean).join(', ');
}

/** A yes/no column: the text and colour of each answer. */
function flagBadge(on: boolean, yes: [string, string], no: [string, string]) {
  const [text, color] = on ? yes : no;
  return (
    <Badge variant="light" color={color}>
      {text}
    </Badge>
  );
}

const editPath = (c: Chapter) => `/admin/chapters/${c.id}/edit`;

const columns: Column<Chapter>[] = [
  linkColumn<Chapter>('name', 'Name', editPath, (c) => (
    <Text size="xs" c="dimmed">
      {c.abbreviation} · {c.institution.name}
    </Text>
  )),
  {
    key: 'address',
    header: 'Address',
    visibleFrom: 'md',
    render: (c) => <Text size="sm">{addressLine(c.address) || '—'}</Text>,
  },
  {
    key: 'acceptingMembers',
    header: 'Accepting Members',
    sortField: 'acceptingMembers',
    visibleFrom: 'sm',
    render: (c) => flagBadge(c.acceptingMembers, ['Yes', 'teal'], ['No', 'gray']),
  },
  {
    key: 'active',
    header: 'Active',
    primary: true,
    sortField: 'active',
    render: (c) => flagBadge(c.active, ['Active', 'green'], ['Inactive', 'red']),
  },
  actionsColumn((c) => <EditButton name={c.name} to={editPath(c)} />),
];

/** /admin/chapters: filters search, active and acceptingMembers (1/0); Add Chapter and Edit go to full-page forms. */
export function ChaptersPage() {
  return (
    <AreaListPage
      title="Chapters"
      addLabel="Add Chapter"
      addTo="/admin/chapters/new"
      area={chaptersArea}
      columns={columns}
      filters={filters}
    />
  );
}
