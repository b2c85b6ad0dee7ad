import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconMapPin, IconPencil, IconSchool, IconTrash, IconUsers, IconVideo } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { calendarContract, type CalendarEvent } from '@app/contract';
import { Can } from '../../api/permissions';
import { TYPE_COLORS, isFuture } from './api';
import { IconLine } from '../../components/icon-line';

/** "Tue, Mar 3, 2026 · 3:00 PM – 4:00 PM" (or the end's date too when it ends another day). */
export function formatWhen(event: Pick<CalendarEvent, 'eventStart' | 'eventEnd'>): string {
  const start = dayjs(event.eventStart);
  const from = `${start.format('ddd, MMM D, YYYY')} · ${start.format('h:mm A')}`;
  if (!event.eventEnd) return from;
  const end = dayjs(event.eventEnd);
  return `${from} – ${end.isSame(start, 'day') ? end.format('h:mm A') : end.format('MMM D, h:mm A')}`;
}

type Props = { event: CalendarEvent; onEdit: () => void; onDelete: () => void };

/** What the event popover shows: details, the RSVP count, and actions for events that have not started. */
export function EventDetails({ event, onEdit, onDelete }: Props) {
  const future = isFuture(event.eventStart);
  const rsvps = `${event.rsvpCount} ${event.rsvpCount === 1 ? 'RSVP' : 'RSVPs'}`;
  return (
    <Stack gap="sm">
      <div>
        <Group gap={6} mb={6}>
          <Badge variant="light" color={TYPE_COLORS[event.type]} size="sm">
            {event.type}
          </Badge>
          {!future && (
            <Badge variant="light" color="gray" size="sm">
              Past event
            </Badge>
          )}
        </Group>
        <Title order={4} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {event.name}
        </Title>
      </div>
      <Stack gap={6}>
        <IconLine icon={<IconClock size={16} />}>{formatWhen(event)}</IconLine>
        {event.location && <IconLine icon={<IconMapPin size={16} />}>{event.location}</IconLine>}
        {event.chapter && <IconLine icon={<IconSchool size={16} />}>{event.chapter.name}</IconLine>}
        {event.zoom && <IconLine icon={<IconVideo size={16} />}>Zoom meeting · {event.zoom.zoomStatus}</IconLine>}
        <IconLine icon={<IconUsers size={16} />}>{rsvps}</IconLine>
      </Stack>
      {event.description && (
        <Text size="sm" c="dimmed" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
          {event.description}
        </Text>
      )}
      {future && (
        <Group justify="flex-end" gap="xs" mt={4}>
          <Can call={calendarContract.update}>
            <Button variant="default" size="xs" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              Edit
            </Button>
          </Can>
          <Can call={calendarContract.remove}>
            <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Button>
          </Can>
        </Group>
      )}
    </Stack>
  );
}
