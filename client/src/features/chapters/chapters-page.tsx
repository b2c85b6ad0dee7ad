import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { ChapterListQuery, type Address, type Chapter } from '@app/contract';
import { yesNoOptions, type Column, type FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { chaptersArea, chaptersRoutes } from './api';

const routeApi = getRouteApi('/admin/chapters');

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
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    render: (c) => (
      <div>
        <Anchor component={Link} to={editPath(c)} fw={500} size="sm">
          {c.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {c.abbreviation} · {c.institution.name}
        </Text>
      </div>
    ),
  },
  { key: 'address', header: 'Address', visibleFrom: 'md', render: (c) => <Text size="sm">{addressLine(c.address) || '—'}</Text> },
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
    sortField: 'active',
    render: (c) => flagBadge(c.active, ['Active', 'green'], ['Inactive', 'red']),
  },
  {
    key: 'actions',
    header: 'Actions',
    align: 'right',
    render: (c) => (
      <Button
        component={Link}
        to={editPath(c)}
        variant="subtle"
        size="xs"
        leftSection={<IconPencil size={14} />}
        aria-label={`Edit ${c.name}`}
      >
        Edit
      </Button>
    ),
  },
];

/** /admin/chapters: filters search, active and acceptingMembers (1/0); Add Chapter and Edit go to full-page forms. */
export function ChaptersPage() {
  return (
    <AreaListPage
      title="Chapters"
      search={routeApi.useSearch()}
      query={ChapterListQuery}
      useList={chaptersArea.useList}
      exportRoute={chaptersRoutes.export}
      columns={columns}
      filters={filters}
      rowKey={(c) => c.id}
      actions={
        <Button component={Link} to="/admin/chapters/new" leftSection={<IconPlus size={16} />}>
          Add Chapter
        </Button>
      }
    />
  );
}
