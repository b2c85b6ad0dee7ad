import { lazy, Suspense } from 'react';
import { ActionIcon, Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ProgramListQuery, type Program } from '@app/contract';
import { openConfirmModal } from '../../app/overlay-gate';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { useEditPanel } from '../../components/form-kit/edit-panel';
import { formatDay } from '../../components/format';
import { programsArea } from './api';

const ProgramPanel = lazy(() => import('./program-panel'));

const routeApi = getRouteApi('/admin/learning/programs');

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search name' }];

function confirmDelete(p: Program, remove: (id: number) => void) {
  openConfirmModal({
    title: 'Delete Program',
    children: (
      <Text size="sm">
        Are you sure you want to delete the program "{p.name}" with its sections, components and their Learning calendar events? This action cannot be
        undone.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => remove(p.id),
  });
}

function columns(openEdit: (id: number) => void, remove: (id: number) => void): Column<Program>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (p) => (
        <div>
          <Anchor component={Link} to={`/admin/learning/programs/${p.slug}`} size="sm" fw={500}>
            {p.name}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {p.slug}
          </Text>
        </div>
      ),
    },
    { key: 'createdAt', header: 'Created', sortField: 'createdAt', visibleFrom: 'sm', render: (p) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDay(p.createdAt)}</Text> },
    { key: 'updatedAt', header: 'Updated', sortField: 'updatedAt', render: (p) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDay(p.updatedAt)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (p) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" onClick={() => openEdit(p.id)} aria-label={`Edit ${p.name}`}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" onClick={() => confirmDelete(p, remove)} aria-label={`Delete ${p.name}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

/** /admin/learning/programs: the programs, their Add/Edit side sheet (in the URL) and delete. */
export function ProgramsPage() {
  const panel = useEditPanel();
  const { remove } = programsArea.useRemove();
  return (
    <>
      <AreaListPage
        title="Programs"
        search={routeApi.useSearch()}
        query={ProgramListQuery}
        useList={programsArea.useList}
        columns={columns(panel.openEdit, (id) => remove(id))}
        filters={filters}
        rowKey={(p) => p.id}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={panel.openNew}>
            Add Program
          </Button>
        }
      />
      {(panel.shown.isNew || panel.shown.id !== undefined) && (
        <Suspense fallback={null}>
          <ProgramPanel panel={panel} />
        </Suspense>
      )}
    </>
  );
}
