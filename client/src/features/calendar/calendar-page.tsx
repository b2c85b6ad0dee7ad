import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Flex, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../lib/overlay-gate';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type FullCalendar from '@fullcalendar/react';
import dayjs from 'dayjs';
import { calendarContract, type CalendarEvent, type CalendarEventType } from '@app/contract';
import { Can } from '../../api/permissions';
import { useEditPanel } from '../../components/form-kit';
import { errorMessage } from '../../api/errors';
import { calendarArea } from './api';
import { EventFormPanel } from './event-form';
import { EventPopover, anchorIn, type Anchor } from './event-popover';
import { MonthGrid } from './month-grid';
import { formatTypes, parseTypes } from './search';
import { TypeFilter } from './type-filter';
import classes from './month-grid.module.css';

const routeApi = getRouteApi('/admin/calendar');
const DAY = 'YYYY-MM-DD';

/** A day in the middle of the visible range: always inside the month the range was shown for. */
function middleOf(start?: string, end?: string): string | undefined {
  if (!start || !end) return undefined;
  return dayjs(start)
    .add(Math.floor(dayjs(end).diff(start, 'day') / 2), 'day')
    .format(DAY);
}

/** /admin/calendar: month grid with a type filter, event popover, drag-to-move and the event side panel. */
export function CalendarPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const calendarRef = useRef<FullCalendar | null>(null);
  const gridRef = useRef<HTMLDivElement | null>(null);
  const [title, setTitle] = useState('');
  const [selected, setSelected] = useState<{ uuid: string; anchor: Anchor } | null>(null);
  const panel = useEditPanel();

  const types = parseTypes(search.types);
  const typesParam = formatTypes(types);
  const from = search.start ? dayjs(search.start).toISOString() : '';
  const to = search.end ? dayjs(search.end).toISOString() : '';
  const list = calendarArea.useList(
    { includedTypes: typesParam, fromDate: from, toDate: to },
    { enabled: Boolean(from && to && types.length) },
  );
  const events = types.length ? (list.data?.body ?? []) : [];
  const selectedEvent = selected && events.find((e) => e.uuid === selected.uuid);

  // A moved block is not a form: every failure is a notification (and the block goes back).
  const move = calendarArea.useSave({ formIssues: false });
  const { remove } = calendarArea.useRemove();

  // Back and forward change the URL under the grid: bring the grid to the range the URL names.
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    const day = middleOf(search.start, search.end);
    if (api && day && dayjs(api.view.activeStart).format(DAY) !== search.start) api.gotoDate(day);
  }, [search.start, search.end]);

  const setSearch = (patch: { types?: string; start?: string; end?: string }, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });

  const onRangeChange = ({ start, end, title: viewTitle }: { start: Date; end: Date; title: string }) => {
    setTitle(viewTitle);
    setSelected(null);
    const range = { start: dayjs(start).format(DAY), end: dayjs(end).format(DAY) };
    if (range.start !== search.start || range.end !== search.end) setSearch(range, true);
  };

  const openPanel = (event: CalendarEvent | null) => {
    setSelected(null);
    if (event) panel.openEdit(event.uuid);
    else panel.openNew();
  };

  const confirmDelete = (event: CalendarEvent) => {
    setSelected(null);
    openConfirmModal({
      title: 'Delete Calendar Event',
      children: (
        <Text size="sm">
          Are you sure you want to delete <b>{event.name}</b>? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove(event.uuid),
    });
  };

  const api = () => calendarRef.current?.getApi();

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Calendar</Title>
        <Can call={calendarContract.create}>
          <Button leftSection={<IconPlus size={16} />} onClick={() => openPanel(null)}>
            Add Calendar Event
          </Button>
        </Can>
      </Group>
      <Flex gap="lg" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
        <Card withBorder radius="md" padding="md" w={{ base: '100%', md: 200 }} style={{ flex: 'none' }}>
          <TypeFilter value={types} onChange={(next: CalendarEventType[]) => setSearch({ types: formatTypes(next) })} />
        </Card>
        <Card withBorder radius="md" padding="md" style={{ flex: 1, minWidth: 0 }} px={{ base: 'xs', sm: 'md' }}>
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Group gap="xs">
              <Button variant="default" onClick={() => api()?.today()}>
                Today
              </Button>
              <ActionIcon.Group>
                <ActionIcon variant="default" size={36} aria-label="Previous month" onClick={() => api()?.prev()}>
                  <IconChevronLeft size={18} />
                </ActionIcon>
                <ActionIcon variant="default" size={36} aria-label="Next month" onClick={() => api()?.next()}>
                  <IconChevronRight size={18} />
                </ActionIcon>
              </ActionIcon.Group>
              <Title order={3} fz="lg" fw={600} ml={4} style={{ whiteSpace: 'nowrap' }}>
                {title}
              </Title>
            </Group>
            {list.isFetching && <Loader size="xs" aria-label="Loading events" />}
          </Group>
          {list.isError && (
            <Alert color="red" mb="md" title="Events could not be loaded">
              {errorMessage(list.error)}
            </Alert>
          )}
          <div ref={gridRef} className={classes.root}>
            <MonthGrid
              calendarRef={calendarRef}
              events={events}
              initialDate={middleOf(search.start, search.end)}
              onRangeChange={onRangeChange}
              onEventClick={(event, el) => setSelected({ uuid: event.uuid, anchor: anchorIn(gridRef.current!, el) })}
              onEventMove={(event, start, end, revert) => {
                setSelected(null);
                move
                  .update(event.uuid, { eventStart: start.toISOString(), eventEnd: end?.toISOString() ?? null })
                  .catch(revert);
              }}
            />
            {selected && selectedEvent && (
              <EventPopover
                key={selected.uuid}
                event={selectedEvent}
                anchor={selected.anchor}
                onClose={() => setSelected(null)}
                onEdit={() => openPanel(selectedEvent)}
                onDelete={() => confirmDelete(selectedEvent)}
              />
            )}
          </div>
        </Card>
      </Flex>
      <EventFormPanel />
    </Stack>
  );
}
