import { sql } from 'kysely';
import type { z } from 'zod';
import type { MemberEventListQuery } from '@app/contract';
import type { Db } from '../../db/database.js';
import { paginate, type SortMap } from '../../db/list.js';
import { selectEvents, toEvent } from './repo.js';

// The member side of the calendar (member events): what a member may see, and their RSVPs.

type MemberQuery = z.output<typeof MemberEventListQuery>;

const memberEventSort: SortMap<MemberQuery['sort'][number]['field']> = { eventStart: 'e.eventStart', name: 'e.name' };

/** What a member sees: every General and Learning event, their own chapter's events, and any they RSVPed to. */
function visibleToMember(db: Db, accountId: number) {
  return selectEvents(db, accountId).where(
    sql<boolean>`(e.type <> 'Chapter'
      or e.chapter_id = (select a.chapter_id from accounts a where a.id = ${accountId})
      or exists (select 1 from event_rsvps r where r.event_id = e.id and r.account_id = ${accountId}))`,
  );
}

export async function listMemberEvents(db: Db, accountId: number, query: MemberQuery) {
  let qb = visibleToMember(db, accountId).where('e.eventStart', '>', sql<Date>`now()`);
  if (query.hasRsvp !== undefined) {
    const mine = sql<boolean>`exists (select 1 from event_rsvps r where r.event_id = e.id and r.account_id = ${accountId})`;
    qb = qb.where(query.hasRsvp ? mine : sql<boolean>`not ${mine}`);
  }
  const page = await paginate(qb, query, memberEventSort, 'e.id');
  return { ...page, items: page.items.map(toEvent) };
}

export async function getMemberEvent(db: Db, accountId: number, uuid: string) {
  const row = await visibleToMember(db, accountId).where('e.uuid', '=', uuid).executeTakeFirst();
  return row && toEvent(row);
}

export async function addRsvp(db: Db, eventId: number, accountId: number): Promise<void> {
  await db
    .insertInto('eventRsvps')
    .values({ eventId, accountId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeRsvp(db: Db, eventId: number, accountId: number): Promise<void> {
  await db.deleteFrom('eventRsvps').where('eventId', '=', eventId).where('accountId', '=', accountId).execute();
}
