import { Text } from '@mantine/core';
import { IMPORT_STATUSES, ImportListQuery, type Import } from '@app/contract';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { formatDay } from '../../components/format';
import { ProgressCell } from '../../components/progress-cell';
import { importsRoutes, isRunning, useImportList } from './api';
import { Can } from '../../api/permissions';
import { ImportCounts, ImportStatusBadge, KIND_LABELS } from './format';
import { ImportRunner } from './import-runner';
import { ImportDetailButton } from './import-detail';

const filters: FilterDef[] = [
  {
    key: 'kind',
    type: 'select',
    label: 'Kind',
    options: Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
  },
  { key: 'status', type: 'select', label: 'Status', options: IMPORT_STATUSES },
];

const columns: Column<Import>[] = [
  {
    key: 'kind',
    header: 'Kind',
    sortField: 'kind',
    render: (i) => (
      <div>
        <Text size="sm" fw={500}>
          {KIND_LABELS[i.kind]}
          {i.dryRun ? ' (dry run)' : ''}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {i.file?.fileName ?? 'file removed'}
        </Text>
      </div>
    ),
  },
  {
    key: 'createdAt',
    header: 'When',
    sortField: 'createdAt',
    visibleFrom: 'sm',
    render: (i) => (
      <div>
        <Text size="sm">{formatDay(i.createdAt)}</Text>
        <Text size="xs" c="dimmed">
          {i.createdBy ?? ''}
        </Text>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    primary: true,
    sortField: 'status',
    render: (i) =>
      isRunning(i) ? (
        <ProgressCell
          done={i.countProcessed}
          total={i.countRows}
          label={`Import #${i.id}`}
          waiting={i.status === 'Queued' ? 'Queued' : 'Reading file…'}
        />
      ) : (
        <ImportStatusBadge value={i} />
      ),
  },
  { key: 'counts', header: 'Rows', render: (i) => <ImportCounts value={i} /> },
  { key: 'detail', header: '', render: (i) => <ImportDetailButton value={i} /> },
];

/**
 * /admin/tech/imports: a new import (kind, file, columns, dry run, run) above the past imports; the new import only
 * for accounts that may start one (its preview, dry run and run are all writes of imports).
 */
export function ImportsPage() {
  return (
    <AreaListPage
      title="Imports"
      intro={
        <Can call={importsRoutes.create}>
          <ImportRunner />
        </Can>
      }
      area={{ listQuery: ImportListQuery, useList: useImportList }}
      columns={columns}
      filters={filters}
      emptyText="No imports yet"
    />
  );
}
