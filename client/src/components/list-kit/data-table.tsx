import { useDeferredValue, type MouseEvent, type ReactNode } from 'react';
import { Box, Skeleton, Stack, Text, UnstyledButton, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearchOff } from '@tabler/icons-react';
import { sortStateOf, toggleSort } from './sort';
import type { Column } from './types';
import classes from './list-kit.module.css';

const SKELETON_ROWS = 5;

function SortHeader<T>({
  column,
  sort,
  onSort,
}: {
  column: Column<T>;
  sort?: string;
  onSort: (sort: string | undefined) => void;
}) {
  const state = sortStateOf(sort, column.sortField!);
  const Arrow = state.direction === 'asc' ? IconArrowUp : state.direction === 'desc' ? IconArrowDown : IconArrowsSort;
  const click = (e: MouseEvent) => onSort(toggleSort(sort, column.sortField!, { multi: e.shiftKey }));
  return (
    <UnstyledButton
      onClick={click}
      className={classes.sortButton}
      data-active={!!state.direction || undefined}
      title="Sort (shift-click to add a secondary sort)"
    >
      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
        <span>{column.header}</span>
        <Arrow size={14} stroke={2} aria-hidden className={classes.sortIcon} />
        {state.position && state.count > 1 && (
          <Text span size="xs" c="dimmed">
            {state.position}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

function ariaSort(sort: string | undefined, field: string | undefined) {
  if (!field) return undefined;
  const { direction, position } = sortStateOf(sort, field);
  if (position !== 1) return undefined;
  return direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * The table of a list: sortable headers (click cycles asc -> desc -> none, shift-click adds a
 * secondary sort), skeleton rows while loading, the empty text, and faded rows while refetching.
 * `columns` should already be the visible ones (see `useVisibleColumns`).
 *
 * @example <DataTable columns={columns} rows={items} sort={list.search.sort} onSort={list.setSort} loading={result.isPending} />
 */
export function DataTable<T>(props: {
  columns: Column<T>[];
  rows: T[] | undefined;
  sort?: string;
  /** Needed only by columns with a `sortField` (a table of a few fixed rows sorts nothing). */
  onSort?: (sort: string | undefined) => void;
  loading?: boolean;
  refreshing?: boolean;
  rowKey?: (row: T) => string | number;
  emptyText?: ReactNode;
  /** When false (phones), `visibleFrom` is ignored: the column toggle decides. */
  responsive?: boolean;
}) {
  const { columns } = props;
  // The rows render in the background: a list's answer arrives through its query's store, and React renders
  // a store's update in one blocking task, which for a page of rows with their badges and menus held the
  // browser for tens of milliseconds. Until the rows are ready the table keeps what it showed (skeletons on a
  // first load, the previous page on a change).
  const rows = useDeferredValue(props.rows);
  const loading = props.loading || (rows === undefined && props.rows !== undefined);
  const key = props.rowKey ?? ((row: T) => (row as { id: string | number }).id);
  const visibleFrom = (c: Column<T>) => (props.responsive === false ? undefined : c.visibleFrom);
  // Plain table elements styled like Mantine's Table (list-kit.module.css): importing Table would bring its
  // ScrollContainer's ScrollArea and the floating layer with it into every list's first download.
  return (
    <div className={classes.scroll}>
      <table
        className={classes.table}
        // The sweep's check that a list's row actions are in sight on a phone looks for this (client/e2e/sweep/checks.ts).
        data-list-table=""
        data-refreshing={props.refreshing || undefined}
        aria-busy={loading || props.refreshing}
      >
        <thead>
          <tr>
            {columns.map((c) => (
              <Box
                component="th"
                key={c.key}
                visibleFrom={visibleFrom(c)}
                ta={c.align}
                w={c.width}
                aria-sort={ariaSort(props.sort, c.sortField)}
              >
                {c.sortField && props.onSort ? (
                  <SortHeader column={c} sort={props.sort} onSort={props.onSort} />
                ) : (
                  c.header
                )}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <tr key={`skeleton-${i}`} data-testid="skeleton-row">
                {columns.map((c) => (
                  <Box component="td" key={c.key} visibleFrom={visibleFrom(c)}>
                    <Skeleton height={14} radius="sm" width={`${60 + ((i * 17 + c.key.length * 7) % 35)}%`} />
                  </Box>
                ))}
              </tr>
            ))}
          {!loading && rows?.length === 0 && (
            <tr>
              <td colSpan={columns.length} className={classes.empty}>
                <Stack align="center" gap={6}>
                  <IconSearchOff size={28} stroke={1.5} aria-hidden />
                  <Text size="sm">{props.emptyText ?? 'No results found'}</Text>
                </Stack>
              </td>
            </tr>
          )}
          {!loading &&
            rows?.map((row) => (
              <tr key={key(row)}>
                {columns.map((c) => (
                  <Box
                    component="td"
                    key={c.key}
                    visibleFrom={visibleFrom(c)}
                    ta={c.align}
                    className={c.key === 'actions' ? classes.actions : undefined}
                  >
                    {c.render(row)}
                  </Box>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
