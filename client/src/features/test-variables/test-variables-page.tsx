import { lazy } from 'react';
import { Text } from '@mantine/core';
import type { InvitationTest } from '@app/contract';
import {
  editColumn,
  enabledColumn,
  openColumn,
  updatedColumn,
  yesNoOptions,
  type Column,
  type FilterDef,
} from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { testVariablesArea } from './api';

const InvitationTestPanel = lazy(() => import('./test-variable-panel'));

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name or slug' },
  { key: 'enabled', type: 'select', label: 'Enabled', options: yesNoOptions('Enabled') },
];

function columns(openEdit: (id: number) => void): Column<InvitationTest>[] {
  return [
    openColumn<InvitationTest>('name', 'Name', openEdit, (t) => (
      <Text size="xs" c="dimmed" ff="monospace">
        {t.slug}
      </Text>
    )),
    {
      key: 'description',
      header: 'Description',
      visibleFrom: 'md',
      render: (t) => (
        <Text size="sm" lineClamp={2}>
          {t.description}
        </Text>
      ),
    },
    enabledColumn<InvitationTest>(),
    updatedColumn<InvitationTest>('updatedAt', 'sm'),
    editColumn<InvitationTest>('name', openEdit),
  ];
}

/** /admin/logistics/test-variables: the A/B variables and their Add/Edit side sheet, both in the URL. */
export function InvitationTestsPage() {
  return (
    <PanelListPage
      title="A/B Variables"
      addLabel="Add Variable"
      Panel={InvitationTestPanel}
      area={testVariablesArea}
      columns={columns}
      filters={filters}
    />
  );
}
