import { lazy, Suspense } from 'react';
import { Avatar, Badge, Button, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import {
  INSTITUTION_TYPES, InstitutionListQuery, OWNERSHIPS, RELIGIOUS_AFFILIATIONS, type Institution,
} from '@app/contract';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { useEditPanel } from '../../components/form-kit/edit-panel';
import { institutionsArea, institutionsRoutes } from './api';

const InstitutionPanel = lazy(() => import('./institution-panel'));

const routeApi = getRouteApi('/admin/institutions');

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name or abbreviation' },
  { key: 'type', type: 'select', label: 'Type', options: INSTITUTION_TYPES },
  { key: 'ownership', type: 'select', label: 'Ownership', options: OWNERSHIPS },
  { key: 'religiousAffiliation', type: 'select', label: 'Religious Affiliation', options: RELIGIOUS_AFFILIATIONS },
];

function initials(name: string) {
  return name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
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
    { key: 'type', header: 'Type', sortField: 'type', visibleFrom: 'md', render: (i) => <Text size="sm">{i.type}</Text> },
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
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (i) => (
        <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={() => openEdit(i.id)} aria-label={`Edit ${i.name}`}>
          Edit
        </Button>
      ),
    },
  ];
}

/** /admin/institutions: the list (spec 01 §2) and the Add/Edit Institution side panel, both in the URL. */
export function InstitutionsPage() {
  const panel = useEditPanel();
  return (
    <>
      <AreaListPage
        title="Institutions"
        search={routeApi.useSearch()}
        query={InstitutionListQuery}
        useList={institutionsArea.useList}
        columns={columns(panel.openEdit)}
        filters={filters}
        exportRoute={institutionsRoutes.export}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={panel.openNew}>
            Add Institution
          </Button>
        }
      />
      {(panel.shown.isNew || panel.shown.id !== undefined) && (
        <Suspense fallback={null}>
          <InstitutionPanel panel={panel} />
        </Suspense>
      )}
    </>
  );
}
