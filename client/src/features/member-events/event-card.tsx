import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconMapPin, IconSchool, IconVideo } from '@tabler/icons-react';
import type { MemberEvent } from '@app/contract';
import { TYPE_COLORS, useRsvpMutations } from './api';
import { dateTile, formatEventRange } from './format';
import classes from './member-events.module.css';
import { IconLine } from '../../components/icon-line';

function RsvpAction({ event }: { event: MemberEvent }) {
  const { rsvp, withdraw } = useRsvpMutations();
  const params = { uuid: event.uuid };
  const busy = rsvp.isPending || withdraw.isPending;
  if (event.hasRsvp) {
    return (
      <>
        <Badge variant="light" color="green" size="lg" leftSection={<IconCheck size={14} />}>
          Going
        </Badge>
        <Button
          variant="default"
          size="sm"
          loading={withdraw.isPending}
          disabled={busy}
          onClick={() => withdraw.mutate({ params })}
        >
          Withdraw RSVP
        </Button>
      </>
    );
  }
  if (!event.canRsvp) return null;
  return (
    <Button size="sm" miw={110} loading={rsvp.isPending} disabled={busy} onClick={() => rsvp.mutate({ params })}>
      RSVP
    </Button>
  );
}

/** One upcoming event: date tile, type, name, when, where, chapter, description, and the RSVP action. */
export function EventCard({ event }: { event: MemberEvent }) {
  const tile = dateTile(event.eventStart);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={event.name}>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <div className={classes.tile} aria-hidden>
          <Text className={classes.tileMonth}>{tile.month}</Text>
          <Text className={classes.tileDay}>{tile.day}</Text>
        </div>
        <div className={classes.body}>
          <Stack gap="sm" className={classes.details}>
            <div>
              <Group gap={6} mb={6}>
                <Badge variant="light" color={TYPE_COLORS[event.type]} size="sm">
                  {event.type}
                </Badge>
                {event.zoom && (
                  <Badge variant="light" color="blue" size="sm" leftSection={<IconVideo size={12} />}>
                    Zoom
                  </Badge>
                )}
              </Group>
              <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {event.name}
              </Title>
            </div>
            <Stack gap={4}>
              <IconLine icon={<IconClock size={16} />}>{formatEventRange(event.eventStart, event.eventEnd)}</IconLine>
              {event.location && <IconLine icon={<IconMapPin size={16} />}>{event.location}</IconLine>}
              {event.chapter && <IconLine icon={<IconSchool size={16} />}>{event.chapter.name}</IconLine>}
            </Stack>
            {event.description && (
              <Text size="sm" c="dimmed" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
                {event.description}
              </Text>
            )}
          </Stack>
          <div className={classes.action}>
            <RsvpAction event={event} />
          </div>
        </div>
      </Group>
    </Card>
  );
}
