import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
let cookie: string;
let chapterId: number;
let otherChapterId: number;

const DAY = 86_400_000;
const inDays = (days: number, hour = 15) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

async function makeChapter(name: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    with i as (insert into institutions (name, type, abbreviation, ownership) values (${`${name} College`}, 'College/University', 'CAL', 'Public') returning id)
    insert into chapters (name, abbreviation, institution_id) select ${name}, ${name.slice(0, 3).toUpperCase()}, i.id from i returning id`.execute(
    t.db,
  );
  return rows[0]!.id;
}

/** A row written straight to the table: the API refuses to create events in the past. */
async function storeEvent(values: {
  name: string;
  type?: string;
  start: string;
  end?: string | null;
  chapterId?: number | null;
  programComponentId?: number;
}) {
  return t.db
    .insertInto('calendarEvents')
    .values({
      name: values.name,
      type: values.type ?? 'General',
      eventStart: values.start,
      eventEnd: values.end ?? null,
      chapterId: values.chapterId ?? null,
      programComponentId: values.programComponentId ?? null,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  chapterId = await makeChapter('Alpha Chapter');
  otherChapterId = await makeChapter('Beta Chapter');
});
afterAll(() => t.close());

const valid = () => ({
  name: 'Leadership Summit',
  description: 'Annual summit',
  eventStart: inDays(7),
  eventEnd: inDays(7, 16),
  type: 'General',
  location: 'Main Hall',
  zoom: false,
});
const create = (body: object, as = cookie) =>
  t.request({ method: 'POST', url: '/api/admin/calendar-events', payload: body, cookie: as });
const patch = (uuid: string, body: object) =>
  t.request({ method: 'PATCH', url: `/api/admin/calendar-events/${uuid}`, payload: body, cookie });
const list = (query: string, as = cookie) =>
  t.request({ method: 'GET', url: `/api/admin/calendar-events?${query}`, cookie: as });

describe('calendar events (staff)', () => {
  it('creates, reads, changes and deletes an event', async () => {
    const res = await create(valid());
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      ...valid(),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      id: expect.any(Number),
      chapter: null,
      zoom: null,
      programComponent: null,
      canRsvp: true,
      hasRsvp: false,
      rsvpCount: 0,
    });
    const got = await t.request({ method: 'GET', url: `/api/admin/calendar-events/${event.uuid}`, cookie });
    expect(got.json()).toEqual(event);

    const moved = await patch(event.uuid, { eventStart: inDays(9), eventEnd: inDays(9, 17) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      name: 'Leadership Summit',
      eventStart: inDays(9),
      eventEnd: inDays(9, 17),
      location: 'Main Hall',
    });

    const del = await t.request({ method: 'DELETE', url: `/api/admin/calendar-events/${event.uuid}`, cookie });
    expect(del.statusCode).toBe(204);
    const gone = await t.request({ method: 'GET', url: `/api/admin/calendar-events/${event.uuid}`, cookie });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Calendar Event not found' });
  });

  it('keeps a Chapter event with its chapter and a zoom request', async () => {
    const res = await create({ ...valid(), type: 'Chapter', chapterId, zoom: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'Chapter',
      chapter: { id: chapterId, name: 'Alpha Chapter' },
      zoom: { zoomStatus: 'Pending', zoomId: null },
    });
    const off = await patch(res.json().uuid, { zoom: false });
    expect(off.json().zoom).toBeNull();
  });

  it('drops a chapter given for a General event', async () => {
    const res = await create({ ...valid(), chapterId });
    expect(res.json().chapter).toBeNull();
  });

  it('accepts an event without an end, and names of 3 and 254 characters', async () => {
    expect((await create({ ...valid(), eventEnd: null, name: 'abc' })).json()).toMatchObject({
      eventEnd: null,
      name: 'abc',
    });
    expect((await create({ ...valid(), name: 'x'.repeat(254) })).statusCode).toBe(201);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ name: 'ab' }, 'Name must be at least 3 characters'],
    [{ name: '  ab  ' }, 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(255) }, 'Name must be 254 characters or less'],
    [{ type: undefined }, 'Type is required'],
    [{ type: 'Party' }, 'Type is required'],
    [{ type: 'Chapter' }, 'Chapter is required'],
    [{ type: 'Chapter', chapterId: 999999 }, 'Chapter not found'],
    [{ eventStart: undefined }, 'Event Start is required'],
    [{ eventStart: 'soon' }, 'Event Start must be a date'],
    [{ eventEnd: 'later' }, 'Event End must be a date'],
    [{ eventEnd: inDays(6) }, 'Event End must be after Event Start'],
    [{ eventStart: inDays(-1), eventEnd: null }, 'Event Start must be in the future'],
    [{ zoom: 'yes' }, 'Zoom must be true or false'],
  ])('refuses %o with its message', async (change, message) => {
    const res = await create({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('checks a PATCH against the whole event', async () => {
    const { uuid } = (await create(valid())).json();
    expect((await patch(uuid, { type: 'Chapter' })).json().message).toBe('Chapter is required');
    expect((await patch(uuid, { name: 'ab' })).json().message).toBe('Name must be at least 3 characters');
    expect((await patch(uuid, { eventStart: inDays(8) })).json().message).toBe('Event End must be after Event Start');
    expect((await patch(uuid, { eventStart: inDays(-2), eventEnd: null })).json().message).toBe(
      'Event Start must be in the future',
    );
    const ok = await patch(uuid, { type: 'Chapter', chapterId: otherChapterId });
    expect(ok.json()).toMatchObject({
      type: 'Chapter',
      chapter: { id: otherChapterId, name: 'Beta Chapter' },
      name: 'Leadership Summit',
    });
  });

  it('refuses to change or delete a past event', async () => {
    const past = await storeEvent({ name: 'Last Year Gala', start: inDays(-3), end: inDays(-3, 18) });
    const res = await patch(past.uuid, { name: 'Renamed Gala' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Past events cannot be changed' });
    const del = await t.request({ method: 'DELETE', url: `/api/admin/calendar-events/${past.uuid}`, cookie });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message: 'Past events cannot be changed' });
    const still = await t.request({ method: 'GET', url: `/api/admin/calendar-events/${past.uuid}`, cookie });
    expect(still.json()).toMatchObject({ name: 'Last Year Gala', canRsvp: false });
  });

  it('answers 404 for an unknown uuid and 400 for a malformed one', async () => {
    const missing = '00000000-0000-4000-8000-00000000abcd';
    expect((await patch(missing, { name: 'Nothing here' })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/calendar-events/${missing}`, cookie })).statusCode,
    ).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/api/admin/calendar-events/not-a-uuid', cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('uuid must be a UUID');
  });

  it('finds the event of a program component', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/admin/program-component/4242/calendar-event', cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Calendar Event not found' });
    const res = await create({ ...valid(), type: 'Learning', programComponentId: 4242 });
    expect(res.json().programComponent).toEqual({ id: 4242 });
    const found = await t.request({ method: 'GET', url: '/api/admin/program-component/4242/calendar-event', cookie });
    expect(found.json().uuid).toBe(res.json().uuid);
    const twice = await create({ ...valid(), type: 'Learning', programComponentId: 4242 });
    expect(twice.statusCode).toBe(409);
  });
});

describe('calendar list', () => {
  // A window far from the other tests' events: 400-430 days ahead.
  const from = inDays(400, 0);
  const to = inDays(430, 0);
  const names = (res: { json: () => any }) => res.json().map((e: { name: string }) => e.name);

  beforeAll(async () => {
    await storeEvent({ name: 'Before the window', start: inDays(398), end: inDays(399) });
    await storeEvent({ name: 'Runs into the window', start: inDays(399), end: inDays(401) });
    await storeEvent({ name: 'Inside, no end', start: inDays(410) });
    await storeEvent({ name: 'Inside chapter', type: 'Chapter', chapterId, start: inDays(411) });
    await storeEvent({ name: 'Inside learning', type: 'Learning', start: inDays(412) });
    await storeEvent({ name: 'Runs out of the window', start: inDays(429), end: inDays(432) });
    await storeEvent({ name: 'After the window', start: inDays(430, 0) });
  });

  it('returns the events that overlap the range, by start', async () => {
    const res = await list(`fromDate=${from}&toDate=${to}`);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual([
      'Runs into the window',
      'Inside, no end',
      'Inside chapter',
      'Inside learning',
      'Runs out of the window',
    ]);
  });

  it('treats a bare toDate as the whole day', async () => {
    const day = inDays(410).slice(0, 10);
    expect(names(await list(`fromDate=${day}&toDate=${day}`))).toEqual(['Inside, no end']);
  });

  it('filters by type, comma-separated or repeated', async () => {
    const range = `fromDate=${from}&toDate=${to}`;
    expect(names(await list(`${range}&includedTypes=Chapter,Learning`))).toEqual(['Inside chapter', 'Inside learning']);
    expect(names(await list(`${range}&includedTypes=Chapter&includedTypes=Learning`))).toEqual([
      'Inside chapter',
      'Inside learning',
    ]);
    expect(names(await list(`${range}&includedTypes=`))).toEqual([]);
  });

  it('refuses an unknown type or a bad date', async () => {
    const res = await list('includedTypes=General,Party');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown type "Party"; use General, Chapter, Learning');
    expect((await list('fromDate=yesterday')).json().message).toBe('fromDate must be a date');
  });
});

describe('RSVP', () => {
  let member: string;
  let memberId: number;
  let general: { uuid: string };
  let ownChapter: { uuid: string };
  let otherChapter: { uuid: string };
  let past: { uuid: string };
  const rsvp = (uuid: string, method: 'POST' | 'DELETE' = 'POST', as?: string) =>
    t.request({ method, url: `/api/member/calendar-events/${uuid}/rsvp`, cookie: as ?? member });
  const memberList = (query = '') =>
    t.request({ method: 'GET', url: `/api/member/calendar-events?${query}`, cookie: member });

  beforeAll(async () => {
    member = await t.signIn({ admin: false, email: 'rsvp-member@example.test' });
    memberId = (
      await t.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'rsvp-member@example.test')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.updateTable('accounts').set({ chapterId }).where('id', '=', memberId).execute();
    general = (await create({ ...valid(), name: 'RSVP General', eventStart: inDays(2), eventEnd: null })).json();
    ownChapter = (
      await create({
        ...valid(),
        name: 'RSVP Own Chapter',
        type: 'Chapter',
        chapterId,
        eventStart: inDays(3),
        eventEnd: null,
      })
    ).json();
    otherChapter = (
      await create({
        ...valid(),
        name: 'RSVP Other Chapter',
        type: 'Chapter',
        chapterId: otherChapterId,
        eventStart: inDays(4),
        eventEnd: null,
      })
    ).json();
    past = await storeEvent({ name: 'RSVP Past', start: inDays(-1) });
  });

  it('keeps members out of the staff calls', async () => {
    expect((await list('', member)).statusCode).toBe(403);
    expect((await create(valid(), member)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/member/calendar-events' })).statusCode).toBe(401);
  });

  it('lists upcoming events a member may see, with canRsvp and hasRsvp', async () => {
    const res = await memberList('pageSize=100');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<Record<string, unknown>>;
    const byName = new Map(items.map((e) => [e.name, e]));
    expect(byName.get('RSVP General')).toMatchObject({ canRsvp: true, hasRsvp: false });
    expect(byName.get('RSVP Own Chapter')).toMatchObject({ canRsvp: true, hasRsvp: false, chapter: { id: chapterId } });
    expect(byName.has('RSVP Other Chapter')).toBe(false);
    expect(byName.has('RSVP Past')).toBe(false);
    expect(items[0]).not.toHaveProperty('rsvpCount');
    const starts = items.map((e) => e.eventStart as string);
    expect(starts).toEqual([...starts].sort());
    expect(res.json().pagination).toMatchObject({ currentPage: 1, perPage: 100 });
  });

  it('RSVPs, counts for staff, and withdraws', async () => {
    const res = await rsvp(general.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uuid: general.uuid, hasRsvp: true, canRsvp: true });
    expect(res.json()).not.toHaveProperty('rsvpCount');
    expect((await rsvp(general.uuid)).json().hasRsvp).toBe(true); // repeating changes nothing

    const staffView = (
      await t.request({ method: 'GET', url: `/api/admin/calendar-events/${general.uuid}`, cookie })
    ).json();
    expect(staffView).toMatchObject({ rsvpCount: 1, hasRsvp: false });
    expect((await memberList('hasRsvp=1')).json().items.map((e: { name: string }) => e.name)).toEqual(['RSVP General']);

    const back = await rsvp(general.uuid, 'DELETE');
    expect(back.json()).toMatchObject({ hasRsvp: false });
    const after = (
      await t.request({ method: 'GET', url: `/api/admin/calendar-events/${general.uuid}`, cookie })
    ).json();
    expect(after.rsvpCount).toBe(0);
  });

  it("RSVPs to the member's own chapter event but not another chapter's", async () => {
    expect((await rsvp(ownChapter.uuid)).json().hasRsvp).toBe(true);
    const other = await rsvp(otherChapter.uuid);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Calendar Event not found' });
  });

  it('closes RSVP for past events', async () => {
    const res = await rsvp(past.uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'RSVP is closed for past events' });
    expect((await rsvp(past.uuid, 'DELETE')).statusCode).toBe(409);
  });

  it('shows staff their own RSVP too', async () => {
    await rsvp(general.uuid, 'POST', cookie);
    const staffView = (
      await t.request({ method: 'GET', url: `/api/admin/calendar-events/${general.uuid}`, cookie })
    ).json();
    expect(staffView).toMatchObject({ hasRsvp: true, rsvpCount: 1 });
  });
});
