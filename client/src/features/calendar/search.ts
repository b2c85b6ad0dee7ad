import { z } from 'zod';
import { editPanelSearch } from '../../components/form-kit/edit-panel';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from '@app/contract';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * The calendar's URL state: `types` (comma-separated; absent means all, 'none' means none) and the
 * visible range `start`..`end` (YYYY-MM-DD, end exclusive, as the month grid reports it); `edit` opens the
 * side panel ('new' or an event's uuid).
 */
export const calendarSearchSchema = z.object({
  types: z.string().optional().catch(undefined),
  start: day,
  end: day,
  ...editPanelSearch,
});
export type CalendarSearch = z.infer<typeof calendarSearchSchema>;

export function parseTypes(types: string | undefined): CalendarEventType[] {
  if (types === undefined) return [...CALENDAR_EVENT_TYPES];
  const chosen = new Set(types.split(',').map((t) => t.trim()));
  return CALENDAR_EVENT_TYPES.filter((t) => chosen.has(t));
}

export const formatTypes = (types: readonly CalendarEventType[]) =>
  CALENDAR_EVENT_TYPES.filter((t) => types.includes(t)).join(',') || NO_TYPES;

/** The URL value when every calendar is unchecked (an empty value would drop out of the URL). */
export const NO_TYPES = 'none';
