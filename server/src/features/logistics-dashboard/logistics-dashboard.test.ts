import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, scheduledLevel, utcDay, type InviteCountBucket, type TestSegment } from '@app/contract';
import { ALPHA_STATS_ROW } from '@app/contract/fixtures/logistics-dashboard';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { makeChapter } from '../../test/fixtures.js';
import { refreshCounts } from '../../services/invitation-processing/counts.js';
import { makeTemplateVersion } from '../../test/mail-fixtures.js';

let t: TestApp;
let cookie: string;
const get = async (url: string) => t.request({ method: 'GET', url, cookie });

type Invitee = Partial<{
  removed: boolean;
  inviteCount: number;
  testValue: 'Control' | 'Variation' | null;
  paid: boolean;
  pledged: boolean;
  sent: boolean;
  delivered: boolean;
  opened: boolean;
  clicked: boolean;
  unsub: boolean;
}>;

let seq = 0;
async function invitation(
  institutionId: number,
  chapterId: number,
  deadline: string,
  invitees: Invitee[],
): Promise<number> {
  const { id } = await t.db
    .insertInto('invitations')
    .values({ chapterId, institutionId, deadline, orientationDate: deadline, status: 'Ready' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (invitees.length) {
    const at = new Date('2030-01-10T12:00:00Z');
    await t.db
      .insertInto('invitees')
      .values(
        invitees.map((v) => ({
          invitationId: id,
          email: `s${++seq}@students.example`,
          removed: !!v.removed,
          removedReason: v.removed ? 'Duplicate in file' : null,
          inviteCount: v.inviteCount ?? 1,
          testValue: v.testValue ?? null,
          legacyPledgeAt: v.pledged || v.paid ? at : null,
          legacyPaidAt: v.paid ? at : null,
          emailSent: !!v.sent,
          emailDelivered: !!v.delivered,
          emailOpened: !!v.opened,
          emailClicked: !!v.clicked,
          emailUnsub: !!v.unsub,
        })),
      )
      .execute();
  }
  await refreshCounts(t.db, id);
  return id;
}

const place = (name: string, abbreviation: string) =>
  makeChapter(t.db, [name, abbreviation], [`${name} Chapter`, abbreviation]);

let alpha: { institutionId: number; chapterId: number };
let beta: { institutionId: number; chapterId: number };
let inv1: number;
let inv2: number;
let templateId: number;

beforeAll(async () => {
  ({ t, cookie } = await createSignedInApp({ EMAIL_DAILY_QUOTA: '5000' }));
});
afterAll(async () => {
  await t.close();
});

describe('logistics stats on an empty database', () => {
  it('answers zeros, and no rows by institution', async () => {
    const stats = await get('/api/admin/logistics/dashboard/invitee-stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({
      emailpaids: 0,
      emailpledges: 0,
      countvalid: 0,
      countfresh: 0,
      countremoved: 0,
      emailsent: 0,
      emaildelivered: 0,
      emailopened: 0,
      emailclicked: 0,
      emailunsub: 0,
    });
    const rows = await get('/api/admin/logistics/stats-by-institution');
    expect(rows.json()).toMatchObject({ items: [], pagination: { totalItems: 0 } });
  });

  it('is for admins only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/logistics/dashboard/invitee-stats' })).statusCode).toBe(
      401,
    );
    const member = await t.signIn({ admin: false });
    for (const url of [
      '/api/admin/logistics/dashboard/ses-stats',
      '/api/admin/logistics/stats-by-institution',
      '/api/admin/logistics/dashboard/email-scheduled',
    ]) {
      expect((await t.request({ method: 'GET', url, cookie: member })).statusCode).toBe(403);
    }
  });
});

describe('logistics stats', () => {
  beforeAll(async () => {
    alpha = await place('Alpha State University', 'ASU');
    beta = await place('Beta College', 'BEC');
    inv1 = await invitation(alpha.institutionId, alpha.chapterId, '2030-03-01', [
      { removed: true },
      { removed: true, inviteCount: 2 },
      { testValue: 'Control', paid: true, sent: true, delivered: true, opened: true, clicked: true },
      { testValue: 'Variation', paid: true, sent: true, delivered: true, opened: true },
      { testValue: 'Control', pledged: true, sent: true, delivered: true, opened: true },
      { inviteCount: 2, testValue: 'Variation', sent: true, delivered: true, unsub: true },
      { inviteCount: 2, testValue: 'Control', sent: true },
      { inviteCount: 3, sent: true },
      { inviteCount: 4 },
      { inviteCount: 5, testValue: 'Control' },
    ]);
    // Another chapter's invitation at the same institution with the same deadline: the same row.
    inv2 = await invitation(alpha.institutionId, alpha.chapterId, '2030-03-01', [
      { sent: true, delivered: true },
      { sent: true, delivered: true },
    ]);
    await invitation(beta.institutionId, beta.chapterId, '2030-06-01', []);
    const versionId = await makeTemplateVersion(t.db);
    ({ templateId } = await t.db
      .selectFrom('emailTemplateVersions')
      .select('templateId')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow());
  });

  it('sums the invitee stats over every invitation (pledges include those who paid)', async () => {
    const res = await get('/api/admin/logistics/dashboard/invitee-stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      emailpaids: 2,
      emailpledges: 3,
      countvalid: 10,
      countfresh: 5,
      countremoved: 2,
      emailsent: 8,
      emaildelivered: 6,
      emailopened: 3,
      emailclicked: 1,
      emailunsub: 1,
    });
  });

  it('answers the quota and what was sent in the last 24 hours', async () => {
    const send = (n: number, status: 'sent' | 'queued', hoursAgo: number | null) => ({
      source: 'welcome_email' as const,
      sourceId: 'ses',
      recipientKey: `r${n}`,
      emailTo: `r${n}@example.test`,
      emailType: 'Transactional' as const,
      status,
      sendAt: hoursAgo === null ? null : new Date(Date.now() - hoursAgo * 3_600_000),
    });
    await t.db
      .insertInto('emailSends')
      .values([send(1, 'sent', 1), send(2, 'sent', 23), send(3, 'sent', 25), send(4, 'queued', null)])
      .execute();
    const res = await get('/api/admin/logistics/dashboard/ses-stats');
    expect(res.statusCode).toBe(200);
    // Without EMAIL_WARMUP_START there is no warm-up limit (issue 37 §2).
    expect(res.json()).toEqual({ max24HourSend: 5000, sentLast24Hours: 2, warmup: null });
  });

  describe('stats by institution', () => {
    const URL = '/api/admin/logistics/stats-by-institution';

    it('answers one row per institution and deadline, newest deadline first, with null rates over 0', async () => {
      const res = await get(URL);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.pagination).toMatchObject({ totalItems: 2, currentPage: 1, perPage: 10, totalPages: 1 });
      expect(body.items).toEqual([
        {
          institution_id: beta.institutionId,
          institution_name: 'Beta College',
          institution_abbr: 'BEC',
          institution_logo: null,
          deadline: '2030-06-01',
          ratio_pledged: null,
          count_pledged: 0,
          ratio_joined: null,
          count_joined: 0,
          ratio_sent: null,
          count_sent: 0,
          ratio_opened: null,
          count_opened: 0,
          ratio_ctr: null,
          count_clicked: 0,
        },
        { institution_id: alpha.institutionId, ...ALPHA_STATS_ROW },
      ]);
    });

    it.each([
      ['search=beta', ['Beta College']],
      ['search=ASU', ['Alpha State University']],
      ['search=nowhere', []],
      ['deadlineFrom=2030-04-01', ['Beta College']],
      ['deadlineTo=2030-04-01', ['Alpha State University']],
      ['deadlineFrom=2030-03-01&deadlineTo=2030-06-01', ['Beta College', 'Alpha State University']],
      ['sort=institution_name:asc', ['Alpha State University', 'Beta College']],
      ['sort=ratio_pledged:asc', ['Alpha State University', 'Beta College']],
      ['pageSize=1&page=2', ['Alpha State University']],
    ])('filters and sorts: %s', async (qs, names) => {
      const res = await get(`${URL}?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((r: { institution_name: string }) => r.institution_name)).toEqual(names);
    });

    it.each([
      ['deadlineFrom=soon', 'Invalid date "soon"'],
      [
        'sort=count_sent:asc',
        'Cannot sort by "count_sent"; sortable fields: institution_name, deadline, ratio_pledged, ratio_joined, ratio_sent, ratio_opened, ratio_ctr',
      ],
      ['page=0', 'page must be 1 or more'],
    ])('refuses %s with a message', async (qs, message) => {
      const res = await get(`${URL}?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });

  describe('emails scheduled per day', () => {
    const URL = '/api/admin/logistics/dashboard/email-scheduled';
    const reminder = (
      invitationId: number,
      at: string,
      inviteCount: InviteCountBucket,
      testValue: TestSegment,
      started = false,
    ) => ({
      invitationId,
      templateId,
      sendScheduledAt: new Date(at),
      inviteCount,
      testValue,
      sendStartedAt: started ? new Date(at) : null,
    });

    beforeAll(async () => {
      await t.db
        .insertInto('invitationEmails')
        .values([
          reminder(inv1, '2031-05-01T10:00:00Z', 'All', 'All'), // 8 valid
          reminder(inv1, '2031-05-01T23:30:00Z', '1st time', 'All'), // 3
          reminder(inv1, '2031-05-02T00:30:00Z', '4th or more times', 'All'), // 2 (times 4 and 5)
          reminder(inv1, '2031-05-02T12:00:00Z', 'All', 'Control'), // 4
          reminder(inv1, '2031-05-03T08:00:00Z', '2nd time', 'Variation'), // 1
          reminder(inv1, '2031-05-03T09:00:00Z', 'All', 'All', true), // started: not counted
          reminder(inv2, '2031-05-03T10:00:00Z', '1st time', 'All'), // 2
          reminder(inv2, '2031-05-03T11:00:00Z', 'All', 'Variation'), // 0: no A/B split
          reminder(inv1, '2031-04-30T23:59:00Z', 'All', 'All'), // the day before the range
        ])
        .execute();
    });

    it('counts the recipients of the reminders not yet started per UTC day, every day of the range', async () => {
      const res = await get(`${URL}?dateFrom=2031-05-01&dateTo=2031-05-04`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        dateFrom: '2031-05-01',
        dateTo: '2031-05-04',
        days: [
          { date: '2031-05-01', count: 11, level: 'success', warmupLimit: null },
          { date: '2031-05-02', count: 6, level: 'success', warmupLimit: null },
          { date: '2031-05-03', count: 3, level: 'success', warmupLimit: null },
          { date: '2031-05-04', count: 0, level: 'success', warmupLimit: null },
        ],
      });
    });

    it('defaults to today and the 15 days after it, and takes 366 days', async () => {
      const today = utcDay(new Date());
      const res = await get(URL);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ dateFrom: today, dateTo: addDays(today, 15) });
      expect(res.json().days).toHaveLength(16);
      const from = await get(`${URL}?dateFrom=2031-05-01`);
      expect(from.json()).toMatchObject({ dateFrom: '2031-05-01', dateTo: '2031-05-16' });
      const year = await get(`${URL}?dateFrom=2032-01-01&dateTo=2032-12-31`);
      expect(year.json().days).toHaveLength(366);
      // The default end stops at the last day a date can have.
      const last = await get(`${URL}?dateFrom=9999-12-25`);
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json()).toMatchObject({ dateFrom: '9999-12-25', dateTo: '9999-12-31' });
      expect(last.json().days.at(-1)).toEqual({ date: '9999-12-31', count: 0, level: 'success', warmupLimit: null });
    });

    it.each([
      ['dateFrom=tomorrow', 'Invalid date "tomorrow"'],
      ['dateTo=2031-02-30', 'Invalid date "2031-02-30"'],
      ['dateFrom=2031-05-02&dateTo=2031-05-01', 'dateTo must be on or after dateFrom'],
      ['dateFrom=2031-01-01&dateTo=2032-01-02', 'The range must be 366 days or less'],
      ['dateFrom=99999-01-01', 'Invalid date "99999-01-01"'],
    ])('refuses %s with a message', async (qs, message) => {
      const res = await get(`${URL}?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });
});

describe('scheduledLevel', () => {
  it.each([
    [0, 'success'],
    [100_000, 'success'],
    [100_001, 'warning'],
    [115_000, 'warning'],
    [115_001, 'danger'],
  ])('%d emails is %s', (count, level) => {
    expect(scheduledLevel(count)).toBe(level);
  });
});
