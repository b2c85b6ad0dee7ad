import { lazy, Suspense } from 'react';
import { Button, Text, UnstyledButton } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { InvitationTestListQuery, type InvitationTest } from '@app/contract';
import { enabledColumn, updatedColumn, yesNoOptions, type Column, type FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { useEditPanel } from '../../components/form-kit/edit-panel';
import { invitationTestsArea, invitationTestsRoutes } from './api';

const InvitationTestPanel = lazy(() => import('./invitation-test-panel'));

const routeApi = getRouteApi('/admin/logistics/test-variables');

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name or slug' },
  { key: 'enabled', type: 'select', label: 'Enabled', options: yesNoOptions('Enabled') },
];

function columns(openEdit: (id: number) => void): Column<InvitationTest>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (t) => (
        <UnstyledButton onClick={() => openEdit(t.id)}>
          <Text size="sm" fw={500}>
            {t.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {t.slug}
          </Text>
        </UnstyledButton>
      ),
    },
    { key: 'description', header: 'Description', visibleFrom: 'md', render: (t) => <Text size="sm" lineClamp={2}>{t.description}</Text> },
    enabledColumn<InvitationTest>(),
    updatedColumn<InvitationTest>('updatedAt', 'sm'),
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (t) => (
        <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={() => openEdit(t.id)} aria-label={`Edit ${t.name}`}>
          Edit
        </Button>
      ),
    },
  ];
}

/** /admin/logistics/test-variables: the A/B variables and their Add/Edit side sheet, both in the URL. */
export function InvitationTestsPage() {
  const panel = useEditPanel();
  return (
    <>
      <AreaListPage
        title="A/B Variables"
        search={routeApi.useSearch()}
        query={InvitationTestListQuery}
        useList={invitationTestsArea.useList}
        columns={columns(panel.openEdit)}
        filters={filters}
        exportRoute={invitationTestsRoutes.export}
        rowKey={(t) => t.id}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={panel.openNew}>
            Add Variable
          </Button>
        }
      />
      {(panel.shown.isNew || panel.shown.id !== undefined) && (
        <Suspense fallback={null}>
          <InvitationTestPanel panel={panel} />
        </Suspense>
      )}
    </>
  );
}
