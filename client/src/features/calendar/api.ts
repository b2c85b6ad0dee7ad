import type { MantineColor } from '@mantine/core';
import type { CalendarEventType } from '@app/contract';

/** Query keys of the calendar area; every mutation invalidates `all`. */
export const calendarQueries = {
  all: ['calendar'] as const,
  range: (q: { types: string; from: string; to: string }) => ['calendar', 'range', q] as const,
  one: (uuid: string) => ['calendar', 'one', uuid] as const,
  chapterOptions: ['calendar', 'chapter-options'] as const,
};

/** One Mantine colour per event type: the grid, the filter and the popover badge use the same. */
export const TYPE_COLORS: Record<CalendarEventType, MantineColor> = {
  General: 'indigo',
  Chapter: 'teal',
  Learning: 'orange',
};

export const SAVED_MESSAGE = 'Calender Event saved successfully.';
export const DELETE_META = {
  successMessage: 'Calendar Event deleted',
  errorTitle: 'Error deleting Calendar Event',
  errorMessage: 'Sorry there was an error deleting the Calendar Event',
};

/** Only events that have not started yet can be changed (spec 01 §4). */
export const isFuture = (eventStart: string, now = Date.now()) => new Date(eventStart).getTime() > now;
