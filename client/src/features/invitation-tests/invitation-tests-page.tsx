import { lazy } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import type { InvitationTest } from '@app/contract';
import { actionsColumn, EditButton, enabledColumn, updatedColumn, yesNoOptions, type Column, type FilterDef } from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { invitationTestsArea } from './api';

const InvitationTestPanel = lazy(() => import('./invitation-test-panel'));

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
    actionsColumn((t) => <EditButton name={t.name} onClick={() => openEdit(t.id)} />),
  ];
}

/** /admin/logistics/test-variables: the A/B variables and their Add/Edit side sheet, both in the URL. */
export function InvitationTestsPage() {
  return (
    <PanelListPage
      title="A/B Variables"
      addLabel="Add Variable"
      Panel={InvitationTestPanel}
      area={invitationTestsArea}
      columns={(panel) => columns(panel.openEdit)}
      filters={filters}
    />
  );
}
