// The calendar's event types, which its URL filters on, apart from the area's routes: see ./README.md.

export const CALENDAR_EVENT_TYPES = ['General', 'Chapter', 'Learning'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];
