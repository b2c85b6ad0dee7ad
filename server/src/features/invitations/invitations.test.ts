import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { INVITATION_DEFAULTS, INVITE_COUNT_FILTERS, INVITEE_EVENT_KEYS } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper.js';
import { makeChapter } from '../../test/fixtures.js';
import { multipart } from '../../test/multipart.js';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { blockAddress } from '../../services/mail/suppression.js';
import { KEPT_TOTAL_FILTERS } from '../../db/invitee-totals.js';

let t: TestApp;
let request: QueuedApp['request'];
let close: QueuedApp['close'];
let chapterId: number;
let institutionId: number;

const URL = '/api/admin/logistics/invitations';
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function uploadDatabase(name: string, text: string | Buffer, type = 'text/csv'): Promise<number> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const res = await request({
    method: 'POST',
    url: '/api/shared/file',
    ...multipart([
      { field: 'path', value: 'private/invitations/databases' },
      { file: name, type, bytes },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0].id;
}

const body = (patch: object = {}) => ({
  chapterId,
  institutionId,
  deadline: ahead(30),
  orientationDate: ahead(30),
  ...INVITATION_DEFAULTS,
  ...patch,
});

/** Waits for the processing job to leave DB Processing; answers the invitation. */
async function processed(id: number) {
  for (let i = 0; i < 200; i++) {
    const inv = (await request({ method: 'GET', url: `${URL}/${id}` })).json();
    if (inv.status !== 'DB Processing') return inv;
    await sleep(100);
  }
  throw new Error('processing did not finish');
}

const CSV = [
  'First Name,Last Name,E-mail,Class Year,Major',
  'Ann,Lee,ann@example.edu,2027,Biology',
  'Bob,Ray,BOB@example.edu ,2026,History',
  'Bob,Ray,bob@example.edu,2026,History',
  'Cy,Nox,not-an-address,2026,Art',
  'Dee,Block,blocked@example.edu,2027,Math',
  'Eve,Member,member@example.edu,2025,Law',
].join('\n');

beforeAll(async () => {
  ({ t, request, close } = await createQueuedApp());
  ({ chapterId, institutionId } = await makeChapter(
    t.db,
    ['Invite State University', 'ISU'],
    ['Invite Chapter', 'ICH'],
  ));
  await blockAddress(t.db, {
    email: 'blocked@example.edu',
    emailType: 'Invitation',
    reason: 'test',
    feedbackType: 'unsub',
  });
  await t.db
    .insertInto('accounts')
    .values({ firstName: 'Eve', lastName: 'Member', email: 'member@example.edu', memberAt: new Date(), address: '{}' })
    .execute();
});
afterAll(() => close?.());

describe('invitations', () => {
  it.each([
    [{ chapterId: null }, 'Chapter is required'],
    [{ institutionId: undefined }, 'Institution is required'],
    [{ databaseId: null }, 'Database is required'],
    [{ deadline: 'soon' }, 'Deadline must be a date'],
    [{ cleanInviteCount: '9' }, 'Clean by invite count must be 2, 3 or 4'],
  ])('refuses %o with its message', async (patch, message) => {
    const databaseId = await uploadDatabase('a.csv', CSV);
    const res = await request({ method: 'POST', url: URL, payload: body({ databaseId, ...patch }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a past deadline on the field, and a variable that is not enabled', async () => {
    const databaseId = await uploadDatabase('a.csv', CSV);
    const past = await request({ method: 'POST', url: URL, payload: body({ databaseId, deadline: '2020-01-01' }) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: 'Past dates cannot be chosen',
      issues: [{ path: ['deadline'], message: 'Past dates cannot be chosen' }],
    });
    const { id: testId } = await t.db
      .insertInto('invitationTests')
      .values({ name: 'Off', slug: 'off', description: 'd', enabled: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const off = await request({ method: 'POST', url: URL, payload: body({ databaseId, testId }) });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Test is required');
  });

  it('saves with a database, processes it as a job and cleans it with one reason per removed row', async () => {
    const databaseId = await uploadDatabase('students.csv', CSV);
    const created = await request({ method: 'POST', url: URL, payload: body({ databaseId }) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'DB Processing',
      database: { id: databaseId, fileName: 'students.csv' },
    });
    const inv = await processed(created.json().id);
    expect(inv).toMatchObject({
      status: 'Ready',
      statusReason: null,
      countPreClean: 6,
      countProcessed: 6,
      countValid: 2,
      countFresh: 2,
      countRemoved: 4,
    });

    const list = (await request({ method: 'GET', url: `${URL}/${inv.id}/invitees?sort=rowNumber:asc` })).json();
    expect(list.items.map((i: any) => [i.email, i.removed, i.removedReason])).toEqual([
      ['ann@example.edu', false, null],
      ['bob@example.edu', false, null],
      ['bob@example.edu', true, expect.stringMatching(/duplicate/i)],
      ['not-an-address', true, expect.stringMatching(/invalid/i)],
      ['blocked@example.edu', true, expect.stringMatching(/block|unsub/i)],
      ['member@example.edu', true, expect.stringMatching(/member/i)],
    ]);
    const valid = list.items.filter((i: any) => !i.removed);
    for (const i of valid) expect(i.invitationCode).toMatch(/^ISU/);
    expect(new Set(valid.map((i: any) => i.invitationCode)).size).toBe(2);

    const removed = (await request({ method: 'GET', url: `${URL}/${inv.id}/invitees?removed=1` })).json();
    expect(removed.pagination.totalItems).toBe(4);
    const byCode = (
      await request({
        method: 'GET',
        url: `${URL}/${inv.id}/invitees?search=${valid[0].invitationCode.slice(0, 6).toLowerCase()}`,
      })
    ).json();
    expect(byCode.items.map((i: any) => i.id)).toContain(valid[0].id);
    const all = (await request({ method: 'GET', url: `/api/admin/logistics/invitees?search=ann@example` })).json();
    expect(all.items[0]).toMatchObject({
      email: 'ann@example.edu',
      invitation: { id: inv.id, institutionName: 'Invite State University' },
    });

    // A second invitation to the same people: times invited counts the earlier one.
    const again = await request({
      method: 'POST',
      url: URL,
      payload: body({ databaseId: await uploadDatabase('again.csv', CSV) }),
    });
    const second = await processed(again.json().id);
    expect(second.countFresh).toBe(0);
    const twice = (
      await request({ method: 'GET', url: `${URL}/${second.id}/invitees?inviteCount=2&removed=0` })
    ).json();
    expect(twice.items.map((i: any) => i.email).sort()).toEqual(['ann@example.edu', 'bob@example.edu']);
    // Totals of single filters come from the counts processing kept: they agree with the rows, for every
    // value of every filter the repo answers from kept counts (a new one must be listed here to compile).
    const values: Record<(typeof KEPT_TOTAL_FILTERS)[number], readonly string[]> = {
      removed: ['1', '0'],
      test: ['1', '0'],
      inviteCount: INVITE_COUNT_FILTERS,
      event: INVITEE_EVENT_KEYS,
    };
    const single = KEPT_TOTAL_FILTERS.flatMap((key) => values[key].map((v) => `${key}=${encodeURIComponent(v)}`));
    for (const qs of [...single, '', 'removed=0&inviteCount=2', 'search=example']) {
      const kept = (await request({ method: 'GET', url: `${URL}/${second.id}/invitees?${qs}&pageSize=100` })).json();
      expect(kept.pagination.totalItems, qs).toBe(kept.items.length);
    }
    expect(
      (await request({ method: 'GET', url: `${URL}/${second.id}/invitees?inviteCount=2` })).json().pagination
        .totalItems,
    ).toBe(3);
    const everyone = (
      await request({ method: 'GET', url: `/api/admin/logistics/invitees?removed=1&pageSize=100` })
    ).json();
    expect(everyone.pagination.totalItems).toBe(everyone.items.length);

    // Delete only in Draft or DB Processing.
    const refused = await request({ method: 'DELETE', url: `${URL}/${inv.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only a Draft or DB Processing invitation can be deleted');
  });

  it('returns a bad file to Draft with a readable reason, leaving no invitee behind', async () => {
    const databaseId = await uploadDatabase('nomail.csv', 'Name,Phone\nAnn,555\n');
    const created = await request({ method: 'POST', url: URL, payload: body({ databaseId }) });
    const inv = await processed(created.json().id);
    expect(inv.status).toBe('Draft');
    expect(inv.statusReason).toMatch(/email/i);
    const invitees = (await request({ method: 'GET', url: `${URL}/${inv.id}/invitees` })).json();
    expect(invitees.pagination.totalItems).toBe(0);
    // A Draft can be deleted, with its invitees.
    expect((await request({ method: 'DELETE', url: `${URL}/${inv.id}` })).statusCode).toBe(204);
    expect((await request({ method: 'GET', url: `${URL}/${inv.id}` })).statusCode).toBe(404);
  });

  it('splits valid invitees into Control and Variation when a variable is set', async () => {
    const { id: testId } = await t.db
      .insertInto('invitationTests')
      .values({ name: 'Subject B', slug: 'subject-b', description: 'd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: 41 }, (_, i) => `S${i},T,split${i}@example.edu`);
    const databaseId = await uploadDatabase('split.csv', ['first name,last name,email', ...rows].join('\n'));
    const created = await request({ method: 'POST', url: URL, payload: body({ databaseId, testId }) });
    const inv = await processed(created.json().id);
    expect(inv.countValid).toBe(41);
    expect(inv.countValidControl + inv.countValidVariation).toBe(41);
    expect(Math.abs(inv.countValidControl - inv.countValidVariation)).toBeLessThanOrEqual(1);
    const test = (await request({ method: 'GET', url: `${URL}/${inv.id}/invitees?test=1&pageSize=100` })).json();
    expect(test.pagination.totalItems).toBe(inv.countValidVariation);
  });

  it('lists with search and the deadline range, and dry-runs a file without saving', async () => {
    const byName = (await request({ method: 'GET', url: `${URL}?search=invite state` })).json();
    expect(byName.items.length).toBeGreaterThan(0);
    const none = (await request({ method: 'GET', url: `${URL}?deadlineFrom=${ahead(40)}` })).json();
    expect(none.items).toEqual([]);
    const within = (
      await request({ method: 'GET', url: `${URL}?deadlineFrom=${ahead(29)}&deadlineTo=${ahead(31)}` })
    ).json();
    expect(within.pagination.totalItems).toBe(byName.pagination.totalItems);

    const before = await t.db
      .selectFrom('invitees')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const dry = await request({
      method: 'POST',
      url: `${URL}/dry-run`,
      payload: { databaseId: await uploadDatabase('dry.csv', CSV) },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rowsRead: 6 });
    expect(dry.json().removed.reduce((n: number, r: any) => n + r.count, 0)).toBe(6 - dry.json().valid);
    const after = await t.db
      .selectFrom('invitees')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("lists each channel's scheduled items: not started first by hour, then the latest started, and the total", async () => {
    const { id } = await t.db
      .insertInto('invitations')
      .values({ chapterId, institutionId, deadline: ahead(30), orientationDate: ahead(30), deliverPostalMails: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const template = await t.db
      .insertInto('emailTemplates')
      .values({
        name: 'Channel test',
        subject: 's',
        body: 'b',
        bodyFormat: 'html',
        preview: 'p',
        fromName: 'n',
        fromEmail: 'a@society.org',
        replyToEmail: 'a@society.org',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = (days: number) => new Date(Date.UTC(2031, 0, 1 + days, 15));
    await t.db
      .insertInto('invitationEmails')
      .values([
        {
          invitationId: id,
          templateId: template.id,
          sendScheduledAt: at(0),
          sendStartedAt: at(0),
          sendStatus: 'Success',
        },
        { invitationId: id, templateId: template.id, sendScheduledAt: at(9) },
        { invitationId: id, templateId: template.id, sendScheduledAt: at(5) },
        {
          invitationId: id,
          templateId: template.id,
          sendScheduledAt: at(2),
          sendStartedAt: at(2),
          sendStatus: 'Failed',
        },
        { invitationId: id, templateId: template.id, sendScheduledAt: at(7) },
      ])
      .execute();
    const inv = (await request({ method: 'GET', url: `${URL}/${id}` })).json();
    expect(inv.scheduled.emails).toEqual({
      total: 5,
      items: [
        { id: expect.any(Number), scheduledAt: at(5).toISOString(), status: null },
        { id: expect.any(Number), scheduledAt: at(7).toISOString(), status: null },
        { id: expect.any(Number), scheduledAt: at(9).toISOString(), status: null },
      ],
    });
    expect(inv.scheduled.postalMails).toEqual({ total: 0, items: [] });
    await t.db
      .deleteFrom('invitationEmails')
      .where('invitationId', '=', id)
      .where('sendStartedAt', 'is', null)
      .where('sendScheduledAt', '>', at(6))
      .execute();
    const listed = (await request({ method: 'GET', url: `${URL}?search=invite state&pageSize=100` }))
      .json()
      .items.find((i: { id: number }) => i.id === id);
    expect(listed.scheduled.emails.items.map((i: { status: string | null }) => i.status)).toEqual([
      null,
      'Failed',
      'Success',
    ]);
    expect(listed.scheduled.emails.total).toBe(3);
  });

  it('counts event filters from counts the triggers keep as flags change', async () => {
    const databaseId = await uploadDatabase(
      'events.csv',
      ['email', 'e1@example.edu', 'e2@example.edu', 'e3@example.edu'].join('\n'),
    );
    const inv = await processed((await request({ method: 'POST', url: URL, payload: body({ databaseId }) })).json().id);
    const total = async (qs: string) =>
      (await request({ method: 'GET', url: `${URL}/${inv.id}/invitees?${qs}` })).json().pagination.totalItems;
    expect(await total('event=opened')).toBe(0);
    await t.db
      .updateTable('invitees')
      .set({ emailSent: true, emailOpened: true })
      .where('invitationId', '=', inv.id)
      .where('email', 'in', ['e1@example.edu', 'e2@example.edu'])
      .execute();
    await t.db
      .updateTable('invitees')
      .set({ legacyPledgeAt: new Date() })
      .where('invitationId', '=', inv.id)
      .where('email', '=', 'e3@example.edu')
      .execute();
    expect([
      await total('event=opened'),
      await total('event=sent'),
      await total('event=pledge'),
      await total('event=paid'),
    ]).toEqual([2, 2, 1, 0]);
    await t.db
      .updateTable('invitees')
      .set({ legacyPaidAt: new Date() })
      .where('invitationId', '=', inv.id)
      .where('email', '=', 'e3@example.edu')
      .execute();
    expect([await total('event=pledge'), await total('event=paid')]).toEqual([0, 1]);
    const everyone = (
      await request({ method: 'GET', url: `/api/admin/logistics/invitees?event=opened&pageSize=100` })
    ).json();
    expect(everyone.pagination.totalItems).toBe(everyone.items.length);
    // An invitation's delete takes its counts with it.
    await t.db.updateTable('invitations').set({ status: 'Draft' }).where('id', '=', inv.id).execute();
    expect((await request({ method: 'DELETE', url: `${URL}/${inv.id}` })).statusCode).toBe(204);
    const left = await t.db
      .selectFrom('invitationEventCounts')
      .select('n')
      .where('invitationId', '=', inv.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers 401 without a session and 404 for an unknown invitation', async () => {
    const anon = await request({ method: 'GET', url: URL, cookie: '' });
    expect(anon.statusCode).toBe(401);
    expect((await request({ method: 'GET', url: `${URL}/999999` })).statusCode).toBe(404);
    expect((await request({ method: 'DELETE', url: `${URL}/999999` })).statusCode).toBe(404);
    for (const qs of ['', '?page=3', '?removed=1&search=x']) {
      const invitees = await request({ method: 'GET', url: `${URL}/999999/invitees${qs}` });
      expect(invitees.statusCode).toBe(404);
      expect(invitees.json().message).toMatch(/Invitation/);
    }
  });
});
