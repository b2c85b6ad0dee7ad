import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ChannelSchedule, ScheduledItem } from '@app/contract';

const hour = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** What a reminder or mailing's state reads as in one word. */
const STATE: Record<NonNullable<ScheduledItem['status']> | 'Scheduled', string> = {
  Scheduled: 'scheduled',
  'In Progress': 'sending',
  Success: 'sent',
  Failed: 'failed',
};

/**
 * A channel of an invitation in the list (spec 02 "channels with their scheduled items"): its badge with
 * how many items it has, then the first few with their hour and state; '+N more' past those.
 */
export function ChannelItems(props: { label: string; color: string; icon: ReactNode; schedule: ChannelSchedule }) {
  const { items, total } = props.schedule;
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <Badge size="sm" variant="light" color={props.color} leftSection={props.icon}>
          {props.label}
        </Badge>
        <Text size="xs" c="dimmed">
          {total === 0 ? 'nothing scheduled' : `${total} scheduled`}
        </Text>
      </Group>
      {items.map((item) => (
        <Text key={item.id} size="xs" c={item.status === 'Failed' ? 'red' : 'dimmed'}>
          {hour.format(new Date(item.scheduledAt))} · {STATE[item.status ?? 'Scheduled']}
        </Text>
      ))}
      {total > items.length && (
        <Text size="xs" c="dimmed">
          +{total - items.length} more
        </Text>
      )}
    </Stack>
  );
}
