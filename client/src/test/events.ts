import type { CalendarEvent, MemberEvent } from '@app/contract';

/**
 * Event `n` (1-9) as the admin calendar answers it: a general event open to RSVPs on 2099-05-0n,
 * 17:00-18:30 UTC, with no chapter, place, Zoom or program and nobody RSVPed. Tests override what they check.
 *
 * @example const gala = calendarEventOf(1, { name: 'Spring Gala', rsvpCount: 4 });
 */
export function calendarEventOf(n: number, over: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uuid: `00000000-0000-4000-8000-00000000000${n}`,
    id: n,
    name: `Event ${n}`,
    description: null,
    eventStart: `2099-05-0${n}T17:00:00.000Z`,
    eventEnd: `2099-05-0${n}T18:30:00.000Z`,
    type: 'General',
    chapter: null,
    zoom: null,
    programComponent: null,
    location: null,
    canRsvp: true,
    hasRsvp: false,
    rsvpCount: 0,
    ...over,
  };
}

/** The same event as a member sees it: the contract's MemberEvent is the calendar event without the RSVP count. */
export function memberEventOf(n: number, over: Partial<MemberEvent> = {}): MemberEvent {
  const { rsvpCount, ...event } = calendarEventOf(n, over);
  return event;
}
