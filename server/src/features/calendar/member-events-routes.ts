import { contract, type CalendarEvent, type MemberEvent } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import { s } from '../../ts-rest.js';
import { AppError } from '../../errors.js';
import { accountId, notFound } from './routes.js';
import * as memberEvents from './member-events.js';

/** Members never see how many others RSVPed. */
function forMember({ rsvpCount: _count, ...event }: CalendarEvent): MemberEvent {
  return event;
}

async function upcomingMemberEvent(request: FastifyRequest, uuid: string) {
  const event = await memberEvents.getMemberEvent(request.server.db, accountId(request), uuid);
  if (!event) throw notFound();
  if (new Date(event.eventStart).getTime() <= Date.now()) throw new AppError(409, 'RSVP is closed for past events');
  return event;
}

export const memberEventsRoutes = s.router(contract.memberEvents, {
  list: async ({ query, request }) => {
    const page = await memberEvents.listMemberEvents(request.server.db, accountId(request), query);
    return { status: 200, body: { ...page, items: page.items.map(forMember) } };
  },

  rsvp: async ({ params, request }) => {
    const event = await upcomingMemberEvent(request, params.uuid);
    if (!event.canRsvp) throw new AppError(403, 'This event is only for members of its chapter');
    await memberEvents.addRsvp(request.server.db, event.id, accountId(request));
    return {
      status: 200,
      body: forMember((await memberEvents.getMemberEvent(request.server.db, accountId(request), params.uuid))!),
    };
  },

  withdraw: async ({ params, request }) => {
    const event = await upcomingMemberEvent(request, params.uuid);
    await memberEvents.removeRsvp(request.server.db, event.id, accountId(request));
    return {
      status: 200,
      body: forMember((await memberEvents.getMemberEvent(request.server.db, accountId(request), params.uuid))!),
    };
  },
});
