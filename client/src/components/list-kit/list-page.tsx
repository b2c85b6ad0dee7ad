import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ColumnToggle, useVisibleColumns } from './column-toggle';
import { ListError } from './list-error';
import { DataTable } from './data-table';
import { ListFilters, filterValuesOf } from './list-filters';
import { ListPager } from './list-pager';
import { RefreshButton } from './refresh-button';
import type { ListController } from './use-list-search';
import type { Column, FilterDef, ListResult } from './types';

export type ListPageProps<T> = {
  title: string;
  /** The primary action slot, e.g. an 'Add Institution' button. */
  actions?: ReactNode;
  list: ListController;
  result: ListResult<T>;
  columns: Column<T>[];
  filters?: readonly FilterDef[];
  /** Where Export navigates (see `exportHref`); no Export action when absent. */
  exportHref?: string;
  rowKey?: (row: T) => string | number;
  emptyText?: ReactNode;
  /** Content between the title and the list (e.g. the trend charts above all reminders). */
  intro?: ReactNode;
};

/**
 * A whole list screen: title with Export and the primary action, filter form with Search / refresh /
 * column toggle (phones), the sortable table, loading, error with retry, empty text and the pager. All state
 * is the URL's (through `list`); the data comes from the caller's `useQuery`.
 *
 * @example
 * const list = useListSearch(routeApi.useSearch());
 * const result = useInstitutionList(listQueryOf(InstitutionListQuery, list.search));
 * return (
 *   <ListPage title="Institutions" list={list} result={result} columns={columns} filters={filters}
 *     exportHref={exportHref(contract.institutions.export, list.search)}
 *     actions={<Button onClick={() => list.setSearch({ edit: 'new' })}>Add Institution</Button>} />
 * );
 */
export function ListPage<T>(props: ListPageProps<T>) {
  const { list, result } = props;
  const cols = useVisibleColumns(props.columns);
  const filters = props.filters ?? [];
  const initial = filterValuesOf(filters, list.search);
  const body = result.data?.body;

  const tools = (
    <>
      <RefreshButton result={result} />
      {cols.isMobile && <ColumnToggle columns={props.columns} shown={cols.shown} onToggle={cols.toggle} />}
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2}>{props.title}</Title>
        <Group gap="sm">
          {props.exportHref && (
            <Button component="a" href={props.exportHref} variant="default" leftSection={<IconDownload size={16} />}>
              Export
            </Button>
          )}
          {props.actions}
        </Group>
      </Group>
      {props.intro}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListFilters
            key={JSON.stringify(initial)}
            filters={filters}
            initial={initial}
            onApply={list.applyFilters}
            actions={tools}
          />
          {result.error != null && <ListError error={result.error} onRetry={() => void result.refetch()} />}
          <DataTable
            columns={cols.visible}
            rows={body?.items}
            sort={list.search.sort}
            onSort={list.setSort}
            loading={result.isPending && result.error == null}
            refreshing={result.isFetching && !result.isPending}
            rowKey={props.rowKey}
            emptyText={props.emptyText}
            responsive={!cols.isMobile}
          />
          <ListPager
            page={list.search.page}
            pageSize={list.search.pageSize}
            pagination={body?.pagination}
            onPage={list.setPage}
            onPageSize={list.setPageSize}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
