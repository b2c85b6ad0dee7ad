import { lazy } from 'react';
import { Avatar, Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { INSTITUTION_TYPES, OWNERSHIPS, RELIGIOUS_AFFILIATIONS, type Institution } from '@app/contract';
import { editColumn, type Column, type FilterDef } from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { institutionsArea } from './api';

const InstitutionPanel = lazy(() => import('./institution-panel'));

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name or abbreviation' },
  { key: 'type', type: 'select', label: 'Type', options: INSTITUTION_TYPES },
  { key: 'ownership', type: 'select', label: 'Ownership', options: OWNERSHIPS },
  { key: 'religiousAffiliation', type: 'select', label: 'Religious Affiliation', options: RELIGIOUS_AFFILIATIONS },
];

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function cityState(i: Institution) {
  return [i.address.city, i.address.state].filter(Boolean).join(', ');
}

function columns(openEdit: (id: number) => void): Column<Institution>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (i) => (
        // Named by its content, 'Open <name>' (the logo's initials are decoration): an aria-label that leaves
        // out visible text fails WCAG 2.5.3.
        <UnstyledButton onClick={() => openEdit(i.id)}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={i.logoUrl} alt="" radius="sm" size={36} color="indigo" variant="light" aria-hidden>
              {initials(i.name)}
            </Avatar>
            <VisuallyHidden>Open </VisuallyHidden>
            <Text size="sm" fw={500} lineClamp={2}>
              {i.name}
            </Text>
          </Group>
        </UnstyledButton>
      ),
    },
    {
      key: 'abbreviation',
      header: 'Abbreviation',
      sortField: 'abbreviation',
      visibleFrom: 'sm',
      render: (i) => (
        <Badge variant="default" radius="sm" tt="none" ff="monospace">
          {i.abbreviation}
        </Badge>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      sortField: 'type',
      visibleFrom: 'md',
      render: (i) => <Text size="sm">{i.type}</Text>,
    },
    {
      key: 'ownership',
      header: 'Ownership',
      sortField: 'ownership',
      visibleFrom: 'md',
      render: (i) => (
        <Badge variant="light" color={i.ownership === 'Public' ? 'teal' : 'grape'}>
          {i.ownership}
        </Badge>
      ),
    },
    {
      key: 'location',
      header: 'City / State',
      visibleFrom: 'lg',
      render: (i) => (
        <Text size="sm" c={cityState(i) ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {cityState(i) || '—'}
        </Text>
      ),
    },
    editColumn<Institution>('name', openEdit),
  ];
}

/** /admin/institutions: the list (spec 01 §2) and the Add/Edit Institution side panel, both in the URL. */
export function InstitutionsPage() {
  return (
    <PanelListPage
      title="Institutions"
      addLabel="Add Institution"
      Panel={InstitutionPanel}
      area={institutionsArea}
      columns={columns}
      filters={filters}
    />
  );
}
