import type { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { listRoute } from './common/area-routes.js';
import { conflict } from './common/error.js';
import { CalendarEvent, UuidParam } from './calendar.js';
import { MemberEventListQuery } from './list-queries/member-events.js';

export * from './list-queries/member-events.js';

// The member side of the calendar: upcoming events a member may see, and their RSVPs.

/** What a member sees: the calendar event without the staff-only RSVP count. */
export const MemberEvent = CalendarEvent.omit({ rsvpCount: true });
export type MemberEvent = z.infer<typeof MemberEvent>;

export const memberEventsContract = c.router(
  {
    list: listRoute(
      '/member/calendar-events',
      MemberEventListQuery,
      MemberEvent,
      "Upcoming events the member may see (general, learning, and their own chapter's)",
    ),
    rsvp: {
      method: 'POST',
      path: '/member/calendar-events/:uuid/rsvp',
      pathParams: UuidParam,
      body: c.noBody(),
      responses: { 200: MemberEvent, ...conflict },
      summary: 'RSVP to an upcoming event (repeating it changes nothing)',
    },
    withdraw: {
      method: 'DELETE',
      path: '/member/calendar-events/:uuid/rsvp',
      pathParams: UuidParam,
      responses: { 200: MemberEvent, ...conflict },
      summary: 'Withdraw an RSVP from an upcoming event',
    },
  },
  { metadata: meta.member },
);
