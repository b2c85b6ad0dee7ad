import { Checkbox, Flex, Text } from '@mantine/core';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from '@app/contract';
import { TYPE_COLORS } from './api';

type Props = { value: CalendarEventType[]; onChange: (types: CalendarEventType[]) => void };

/** The 'Calendars' filter: one checkbox per event type, coloured like its events. */
export function TypeFilter({ value, onChange }: Props) {
  return (
    <Checkbox.Group
      value={value}
      onChange={(next) => onChange(CALENDAR_EVENT_TYPES.filter((t) => next.includes(t)))}
      label={
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          Calendars
        </Text>
      }
    >
      <Flex direction={{ base: 'row', md: 'column' }} wrap="wrap" gap={{ base: 'lg', md: 'xs' }} mt="xs">
        {CALENDAR_EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={type} color={TYPE_COLORS[type]} />
        ))}
      </Flex>
    </Checkbox.Group>
  );
}
