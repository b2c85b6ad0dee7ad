import { lazy } from 'react';
import { Text } from '@mantine/core';
import type { Program } from '@app/contract';
import { confirmDelete } from '../../components/confirm-delete';
import {
  actionsColumn,
  dayColumn,
  linkColumn,
  RowActions,
  type Column,
  type FilterDef,
} from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { programsArea } from './api';

const ProgramPanel = lazy(() => import('./program-panel'));

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search name' }];

function confirmDeleteProgram(p: Program, remove: (id: number) => void) {
  confirmDelete(
    'Delete Program',
    <>
      Are you sure you want to delete the program "{p.name}" with its sections, components and their Learning calendar
      events? This action cannot be undone.
    </>,
    () => remove(p.id),
  );
}

function columns(openEdit: (id: number) => void, remove: (id: number) => void): Column<Program>[] {
  return [
    linkColumn<Program>(
      'name',
      'Name',
      (p) => `/admin/learning/programs/${p.slug}`,
      (p) => (
        <Text size="xs" c="dimmed" ff="monospace">
          {p.slug}
        </Text>
      ),
    ),
    dayColumn<Program>('createdAt', 'Created', 'sm'),
    dayColumn<Program>('updatedAt', 'Updated'),
    actionsColumn((p) => (
      <RowActions name={p.name} onEdit={() => openEdit(p.id)} onDelete={() => confirmDeleteProgram(p, remove)} />
    )),
  ];
}

/** /admin/learning/programs: the programs, their Add/Edit side sheet (in the URL) and delete. */
export function ProgramsPage() {
  const { remove } = programsArea.useRemove();
  return (
    <PanelListPage
      title="Programs"
      addLabel="Add Program"
      Panel={ProgramPanel}
      area={programsArea}
      columns={(openEdit) => columns(openEdit, remove)}
      filters={filters}
    />
  );
}
