import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { conflict } from './common/error.js';
import { checkDate, dateProblem } from './common/dates.js';
import { IdParam, nullableInt, nullableText, requiredEnum, requiredText } from './common/fields.js';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from './list-queries/calendar.js';

export * from './list-queries/calendar.js';

export const ZOOM_STATUSES = ['Pending', 'Scheduled', 'Failed'] as const;

export const EVENT_NAME_MIN = 3;
export const EVENT_NAME_MAX = 254;
/** Minute choices in the event form (spec 01 §5). */
export const EVENT_MINUTE_STEP = 5;
export const PAST_EVENT_MESSAGE = 'Past events cannot be changed';
export const CALENDAR_EVENT_NOT_FOUND = 'Calendar Event not found';

/** Spec 01 §3 Calendar event, as staff see it. `hasRsvp` and `canRsvp` are for the requesting account. */
export const CalendarEvent = z.object({
  uuid: z.string().uuid(),
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  eventStart: z.string().datetime(),
  eventEnd: z.string().datetime().nullable(),
  type: z.enum(CALENDAR_EVENT_TYPES),
  chapter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  zoom: z.object({ zoomStatus: z.enum(ZOOM_STATUSES), zoomId: z.string().nullable() }).nullable(),
  programComponent: z.object({ id: z.number().int() }).nullable(),
  location: z.string().nullable(),
  canRsvp: z.boolean(),
  hasRsvp: z.boolean(),
  rsvpCount: z.number().int().describe('How many accounts have RSVPed (staff only)'),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

const dateTime = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be a date` })
    .trim()
    .min(1, `${label} is required`)
    .superRefine(checkDate(label))
    .transform((v) => new Date(v).toISOString());

/** The event fields, each checked alone; `CalendarEventInput` adds the rules between fields. */
export const CalendarEventFields = z.object({
  name: requiredText('Name is required', EVENT_NAME_MAX, `Name must be ${EVENT_NAME_MAX} characters or less`).min(
    EVENT_NAME_MIN,
    `Name must be at least ${EVENT_NAME_MIN} characters`,
  ),
  description: nullableText(10_000, 'Description'),
  eventStart: dateTime('Event Start'),
  eventEnd: dateTime('Event End')
    .nullish()
    .transform((v) => v ?? null),
  type: requiredEnum([...CALENDAR_EVENT_TYPES], 'Type is required'),
  chapterId: nullableInt('Chapter')
    .optional()
    .transform((v) => v ?? null),
  location: nullableText(255, 'Location'),
  zoom: z.boolean({ invalid_type_error: 'Zoom must be true or false' }).default(false),
  programComponentId: nullableInt('Program Component')
    .optional()
    .transform((v) => v ?? null),
});

/** Create body (and a whole event after a PATCH is applied); the form in the browser checks the same rules. */
export const CalendarEventInput = CalendarEventFields.superRefine((e, ctx) => {
  if (e.type === 'Chapter' && !e.chapterId) {
    ctx.addIssue({ code: 'custom', path: ['chapterId'], message: 'Chapter is required' });
  }
  if (e.eventEnd && e.eventEnd <= e.eventStart) {
    ctx.addIssue({ code: 'custom', path: ['eventEnd'], message: 'Event End must be after Event Start' });
  }
});
export type CalendarEventInput = z.input<typeof CalendarEventInput>;

/** PATCH body: any subset of the fields (a drag in the month grid sends only eventStart and eventEnd). */
export const CalendarEventPatch = CalendarEventFields.partial();
export type CalendarEventPatch = z.input<typeof CalendarEventPatch>;

/** `General,Chapter` or a repeated key; absent means every type, empty means none. */
const includedTypes = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx): CalendarEventType[] => {
    if (v === undefined) return [...CALENDAR_EVENT_TYPES];
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((p) => p.split(','))
      .map((p) => p.trim())
      .filter(Boolean);
    for (const part of parts) {
      if (!(CALENDAR_EVENT_TYPES as readonly string[]).includes(part)) {
        ctx.addIssue({ code: 'custom', message: `Unknown type "${part}"; use ${CALENDAR_EVENT_TYPES.join(', ')}` });
        return z.NEVER;
      }
    }
    return [...new Set(parts)] as CalendarEventType[];
  })
  .describe('Comma-separated or repeated: General, Chapter, Learning. Absent means all types.');

const rangeBound = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return undefined;
      const value = v.trim();
      const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
      const problem = dateProblem(value, label);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return { date, dayOnly: /^\d{4}-\d{2}-\d{2}$/.test(value) };
    });

export const CalendarEventRangeQuery = z.object({
  includedTypes,
  fromDate: rangeBound('fromDate').describe('Events ending on or after this instant (a bare date is that UTC day)'),
  toDate: rangeBound('toDate').describe(
    'Events starting before this instant (a bare date includes that whole UTC day)',
  ),
});
export type CalendarEventRangeQuery = z.input<typeof CalendarEventRangeQuery>;

export const UuidParam = z.object({ uuid: z.string().uuid('uuid must be a UUID') });
const ProgramComponentParam = IdParam;

export const calendarContract = c.router(
  {
    list: {
      method: 'GET',
      path: '/admin/calendar-events',
      query: CalendarEventRangeQuery,
      responses: { 200: z.array(CalendarEvent) },
      summary: 'Calendar events of the given types that overlap the range, by start',
    },
    create: {
      method: 'POST',
      path: '/admin/calendar-events',
      body: CalendarEventInput,
      responses: { 201: CalendarEvent },
      summary: 'Create a calendar event',
    },
    get: {
      method: 'GET',
      path: '/admin/calendar-events/:uuid',
      pathParams: UuidParam,
      responses: { 200: CalendarEvent },
      summary: 'One calendar event',
    },
    update: {
      method: 'PATCH',
      path: '/admin/calendar-events/:uuid',
      pathParams: UuidParam,
      body: CalendarEventPatch,
      responses: { 200: CalendarEvent, ...conflict },
      summary: 'Change a future calendar event (409 for a past one)',
    },
    remove: {
      method: 'DELETE',
      path: '/admin/calendar-events/:uuid',
      pathParams: UuidParam,
      responses: { 204: c.noBody(), ...conflict },
      summary: 'Delete a future calendar event (409 for a past one)',
    },
    ofProgramComponent: {
      method: 'GET',
      path: '/admin/program-component/:id/calendar-event',
      pathParams: ProgramComponentParam,
      responses: { 200: CalendarEvent },
      summary: 'The calendar event tied to a program component',
    },
  },
  { metadata: meta.area('calendar') },
);
