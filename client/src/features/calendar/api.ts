import type { MantineColor } from '@mantine/core';
import type { CalendarEventType } from '@app/contract';
import { createArea, pickerSource } from '../../api/area';
import { calendarContract, chaptersContract } from '@app/contract';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ calendar: calendarContract, chapters: chaptersContract });

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

/** The calendar area: events of a range, one event by uuid, create, change (PATCH) and delete. */
export const calendarArea = createArea(
  'calendar',
  {
    list: tsr.calendar.list,
    detail: tsr.calendar.get,
    create: tsr.calendar.create,
    update: tsr.calendar.update,
    remove: tsr.calendar.remove,
  },
  { savedMessage: SAVED_MESSAGE, removeMeta: DELETE_META, idParam: 'uuid' },
);

/** The chapter picker's pages: 20 at a time, by name. */
export const chapterOptions = pickerSource('chapters', tsr.chapters.list);

/** Only events that have not started yet can be changed (spec 01 §4). */
export const isFuture = (eventStart: string, now = Date.now()) => new Date(eventStart).getTime() > now;
