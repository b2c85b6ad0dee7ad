import { ActionIcon, Group, Text } from '@mantine/core';
import { DeferredSelect } from './deferred-select';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { Pagination } from '@app/contract';
import { pagerState } from './pager-math';
import { PAGE_SIZES } from './list-search';

/**
 * The pager: record count, page size (10/20/50/100), 'Page X of Y' and first/previous/next/last.
 *
 * @example <ListPager page={list.search.page} pageSize={list.search.pageSize} pagination={result.data?.body.pagination} onPage={list.setPage} onPageSize={list.setPageSize} />
 */
export function ListPager(props: {
  page: number;
  pageSize: number;
  pagination: Pick<Pagination, 'totalItems' | 'totalPages'> | undefined;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const pager = pagerState(props.page, props.pagination);
  const sizes = PAGE_SIZES.map(String);
  if (!sizes.includes(String(props.pageSize))) sizes.push(String(props.pageSize));
  const button = (label: string, target: number, enabled: boolean, Icon: typeof IconChevronLeft) => (
    <ActionIcon
      variant="default"
      size="md"
      aria-label={label}
      title={label}
      disabled={!enabled}
      onClick={() => props.onPage(target)}
    >
      <Icon size={16} />
    </ActionIcon>
  );
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {pager.countLabel}
        </Text>
        <DeferredSelect
          aria-label="Rows per page"
          size="xs"
          w={76}
          data={sizes}
          value={String(props.pageSize)}
          onChange={(v) => v && props.onPageSize(Number(v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Group gap={6} wrap="nowrap">
        {button('First page', 1, pager.canPrevious, IconChevronsLeft)}
        {button('Previous page', Math.min(pager.page - 1, pager.totalPages), pager.canPrevious, IconChevronLeft)}
        <Text size="sm" px={6} style={{ whiteSpace: 'nowrap' }}>
          {pager.label}
        </Text>
        {button('Next page', pager.page + 1, pager.canNext, IconChevronRight)}
        {button('Last page', pager.totalPages, pager.page !== pager.totalPages, IconChevronsRight)}
      </Group>
    </Group>
  );
}
