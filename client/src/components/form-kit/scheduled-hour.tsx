import { Select, SimpleGrid, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DEFAULT_SCHEDULE_DAYS_AHEAD } from '@app/contract';
import type { FormBinder } from './use-entity-form';

/** A scheduled hour as the form edits it: a local day and hour. */
export type ScheduledHourValues = {
  /** 'YYYY-MM-DD' in the browser's time zone. */
  day: string | null;
  /** '00' to '23'. */
  hour: string | null;
};

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const todayLocal = (now = new Date()) => localDay(now);

/**
 * The instant a local day and hour name, as the contract's `scheduledHour` reads it ('' when either is missing).
 * @example scheduledInstant({ day: '2030-03-01', hour: '09' }) // 9:00 in the browser's zone, as ISO text
 */
export function scheduledInstant({ day, hour }: ScheduledHourValues): string {
  if (!day || !hour) return '';
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, Number(hour)).toISOString();
}

/** A saved hour back into the form, or a new one: this hour, 7 days ahead (spec 02 §9). */
export function scheduledHourValues(iso?: string, now = new Date()): ScheduledHourValues {
  const at = iso
    ? new Date(iso)
    : new Date(now.getFullYear(), now.getMonth(), now.getDate() + DEFAULT_SCHEDULE_DAYS_AHEAD, now.getHours());
  return { day: localDay(at), hour: pad(at.getHours()) };
}

/** The hours of `day` offered: those already over (before this hour, today) are disabled (spec 02 §5). */
export function hourOptions(day: string | null, now = new Date()) {
  const today = localDay(now);
  return Array.from({ length: 24 }, (_, h) => ({
    value: pad(h),
    label: `${pad(h)}:00`,
    disabled: day !== null && (day < today || (day === today && h < now.getHours())),
  }));
}

/**
 * A day and an hour of that day (hour-only precision; past days and hours already over cannot be
 * chosen), bound to the form's `day` and `hour`; `errorPath` is the contract field whose errors show
 * under the hour (e.g. 'sendScheduledAt').
 * @example <ScheduledHourField form={form} label="Send" errorPath="sendScheduledAt" note="Your local time." />
 */
export function ScheduledHourField({
  form,
  label,
  errorPath,
  note,
}: {
  form: FormBinder;
  label: string;
  errorPath: string;
  note?: string;
}) {
  const day = form.getInputProps('day');
  const hourError = form.getInputProps(errorPath).error;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateInput
          label={`${label} date`}
          withAsterisk
          valueFormat="MMM D, YYYY"
          leftSection={<IconCalendar size={16} stroke={1.6} />}
          leftSectionPointerEvents="none"
          popoverProps={{ withinPortal: true }}
          minDate={todayLocal()}
          {...day}
        />
        <Select
          label={`${label} hour`}
          withAsterisk
          data={hourOptions(day.value as string | null)}
          comboboxProps={{ withinPortal: true }}
          allowDeselect={false}
          {...form.getInputProps('hour')}
          error={form.getInputProps('hour').error ?? hourError}
        />
      </SimpleGrid>
      {note && (
        <Text size="xs" c="dimmed" mt={-8}>
          {note}
        </Text>
      )}
    </>
  );
}
