import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconPhoto, IconRobot } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { EmailEvent } from '@app/contract';
import { DataTable, ListError, ListPager, stackedColumn, useSearchPatch, type Column } from '../../components/list-kit';
import { LIST_DEFAULTS } from '../../components/list-kit/list-search';
import { FormDrawer } from '../../components/form-kit/form-drawer';
import { useEmailEvents } from './api';
import { EVENT_LABELS } from './email-status';
import { formatDateTime } from '../../components/format';

const routeApi = getRouteApi('/admin/tech/emails-sent');

/** What the panel says of an open or click that was not a person's own fetch. */
const ORIGINS: Record<
  Exclude<NonNullable<EmailEvent['origin']>, 'person'>,
  { label: string; title: string; counted: boolean; icon: ReactNode }
> = {
  'image-proxy': {
    label: 'Image proxy',
    title: "Fetched through Gmail's or Yahoo's image proxy when the reader opened the message: counted as an open",
    counted: true,
    icon: <IconPhoto size={10} aria-hidden />,
  },
  'machine-open': {
    label: 'Machine open',
    title:
      'Prefetched by a mail privacy proxy (Apple Mail Privacy Protection) when the message arrived: not counted as an open',
    counted: false,
    icon: <IconRobot size={10} aria-hidden />,
  },
  'link-scanner': {
    label: 'Link scanner',
    title: 'Followed by a security scanner or previewer checking the link: not counted as a click',
    counted: false,
    icon: <IconRobot size={10} aria-hidden />,
  },
};

const columns: Column<EmailEvent>[] = [
  stackedColumn('name', 'Event', undefined, (e) => (
    <>
      <Text size="sm" fw={500}>
        {EVENT_LABELS[e.name]}
      </Text>
      {e.origin && e.origin !== 'person' && (
        <Badge
          size="xs"
          variant="light"
          color={ORIGINS[e.origin].counted ? 'blue' : 'gray'}
          leftSection={ORIGINS[e.origin].icon}
          title={ORIGINS[e.origin].title}
        >
          {ORIGINS[e.origin].label}
        </Badge>
      )}
    </>
  )),
  {
    key: 'eventAt',
    header: 'When',
    sortField: 'eventAt',
    render: (e) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(e.eventAt, { seconds: true })}
      </Text>
    ),
  },
  {
    key: 'detail',
    header: 'Details',
    render: (e) => (
      <Stack gap={2}>
        {e.link && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {e.link}
          </Text>
        )}
        {e.message && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {e.message}
          </Text>
        )}
        {(e.ipAddress || e.userAgent) && (
          <Text size="xs" c="dimmed" lineClamp={2} title={e.userAgent ?? undefined}>
            {[e.ipAddress, e.userAgent].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Stack>
    ),
  },
];

/** The Email Events panel of one send; its paging lives in the URL as eventsPage, eventsPageSize, eventsSort. */
export default function EmailEventsPanel({ sendId, onClose }: { sendId: number; onClose: () => void }) {
  const search = routeApi.useSearch();
  const set = useSearchPatch();
  const page = search.eventsPage ?? LIST_DEFAULTS.page;
  const pageSize = search.eventsPageSize ?? LIST_DEFAULTS.pageSize;
  const result = useEmailEvents(sendId, { page, pageSize, ...(search.eventsSort ? { sort: search.eventsSort } : {}) });
  const body = result.data?.status === 200 ? result.data.body : undefined;
  return (
    <FormDrawer opened onClose={onClose} title="Email Events">
      <Stack gap="md">
        {result.error ? (
          <ListError error={result.error} onRetry={() => void result.refetch()} />
        ) : (
          <DataTable
            columns={columns}
            rows={body?.items}
            sort={search.eventsSort}
            onSort={(eventsSort) => set({ eventsSort, eventsPage: undefined })}
            loading={result.isPending}
            refreshing={result.isFetching && !result.isPending}
            emptyText="No results found"
          />
        )}
        <ListPager
          page={page}
          pageSize={pageSize}
          pagination={body?.pagination}
          onPage={(p) => set({ eventsPage: p === 1 ? undefined : p })}
          onPageSize={(s) =>
            set({ eventsPageSize: s === LIST_DEFAULTS.pageSize ? undefined : s, eventsPage: undefined })
          }
        />
      </Stack>
    </FormDrawer>
  );
}
