import { Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { MemberEventListQuery } from '@app/contract';
import { ListError, ListPager, listQueryOf, useListSearch } from '../../components/list-kit';
import { useMemberEvents } from './api';
import { EventCard } from './event-card';

const routeApi = getRouteApi('/member/events');

export const EMPTY_TEXT = 'No upcoming events';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'My RSVPs' },
];

function Loading() {
  return (
    <Stack gap="md" aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={150} radius="md" />
      ))}
    </Stack>
  );
}

/** /member/events: the member's upcoming events with RSVP, All or only their RSVPs (`?hasRsvp=1`), paged. */
export function MemberEventsPage() {
  const list = useListSearch(routeApi.useSearch());
  const result = useMemberEvents(listQueryOf(MemberEventListQuery, list.search));
  const body = result.data?.body;
  const mine = list.search.hasRsvp === '1';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2}>Upcoming events</Title>
        <SegmentedControl
          aria-label="Show"
          data={FILTERS}
          value={mine ? 'mine' : 'all'}
          onChange={(v) => list.applyFilters({ hasRsvp: v === 'mine' ? '1' : undefined })}
        />
      </Group>
      {result.error != null && <ListError error={result.error} onRetry={() => void result.refetch()} />}
      {result.isPending && result.error == null && <Loading />}
      {body && body.items.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={6}>
            <IconCalendarOff size={32} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={500}>{EMPTY_TEXT}</Text>
            {mine && (
              <Button variant="subtle" size="xs" onClick={() => list.applyFilters({ hasRsvp: undefined })}>
                Show all events
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {body && body.items.length > 0 && (
        <Stack gap="md" style={{ opacity: result.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {body.items.map((event) => (
            <EventCard key={event.uuid} event={event} />
          ))}
        </Stack>
      )}
      {body && body.pagination.totalItems > 0 && (
        <ListPager
          page={list.search.page}
          pageSize={list.search.pageSize}
          pagination={body.pagination}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      )}
    </Stack>
  );
}
