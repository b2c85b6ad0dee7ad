import { contract, type CalendarEvent, type MemberEvent } from '@app/contract';
import type { Db } from '../../db/database.js';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import { accountId, notFound } from './routes.js';
import * as memberEvents from './member-events.js';

/** Members never see how many others RSVPed. */
function forMember({ rsvpCount: _count, ...event }: CalendarEvent): MemberEvent {
  return event;
}

async function upcomingMemberEvent(db: Db, account: number, uuid: string) {
  const event = await memberEvents.getMemberEvent(db, account, uuid);
  if (!event) throw notFound();
  if (new Date(event.eventStart).getTime() <= Date.now()) throw new AppError(409, 'RSVP is closed for past events');
  return event;
}

/**
 * The account's RSVP to an upcoming event it may attend (the JSON call, and the member home's form): the event
 * as it is now. 404 for an event it cannot see, 409 once past, 403 for another chapter's.
 */
export async function rsvpToEvent(db: Db, account: number, uuid: string): Promise<CalendarEvent> {
  const event = await upcomingMemberEvent(db, account, uuid);
  if (!event.canRsvp) throw new AppError(403, 'This event is only for members of its chapter');
  await memberEvents.addRsvp(db, event.id, account);
  return (await memberEvents.getMemberEvent(db, account, uuid))!;
}

/** The account's RSVP to an upcoming event withdrawn: the event as it is now. */
export async function withdrawRsvp(db: Db, account: number, uuid: string): Promise<CalendarEvent> {
  const event = await upcomingMemberEvent(db, account, uuid);
  await memberEvents.removeRsvp(db, event.id, account);
  return (await memberEvents.getMemberEvent(db, account, uuid))!;
}

export const memberEventsRoutes = s.router(contract.memberEvents, {
  list: async ({ query, request }) => {
    const page = await memberEvents.listMemberEvents(request.server.db, accountId(request), query);
    return { status: 200, body: { ...page, items: page.items.map(forMember) } };
  },

  rsvp: async ({ params, request }) => ({
    status: 200,
    body: forMember(await rsvpToEvent(request.server.db, accountId(request), params.uuid)),
  }),

  withdraw: async ({ params, request }) => ({
    status: 200,
    body: forMember(await withdrawRsvp(request.server.db, accountId(request), params.uuid)),
  }),
});
