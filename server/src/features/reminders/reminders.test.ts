import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAST_HOUR_MESSAGE, REMINDER_MESSAGES, rateLevel } from '@app/contract';
import type { TestApp } from '../../test/helper.js';
import { makeChapter } from '../../test/fixtures.js';
import { createQueuedApp, type QueuedApp } from '../../test/queued-app.js';
import { blockAddress } from '../../services/mail/suppression.js';
import { makeTemplateVersion, recordingJobs } from '../../test/mail-fixtures.js';
import { sendReminder, startDueReminders } from '../../services/reminders/send-reminder.js';
import { runTickler } from '../../services/reminders/tickler.js';

let t: TestApp;
let request: QueuedApp['request'];
let close: QueuedApp['close'];
let templateId: number;
let chapterId: number;
let institutionId: number;

const hoursAhead = (h: number) =>
  new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + h * 3_600_000).toISOString();
const emailsUrl = (invitationId: number) => `/api/admin/logistics/invitations/${invitationId}/emails`;

type Person = {
  inviteCount?: number;
  testValue?: 'Control' | 'Variation' | null;
  removed?: boolean;
  email?: string;
  pledgedDaysAgo?: number;
  paid?: boolean;
};

/** A Ready invitation with the given invitees (inserted directly: processing has its own tests). */
async function invitation(people: Person[], patch: { deliverEmails?: boolean; enableTickler?: boolean } = {}) {
  const inv = await t.db
    .insertInto('invitations')
    .values({
      chapterId,
      institutionId,
      deadline: '2030-01-31',
      orientationDate: '2030-02-15',
      status: 'Ready',
      ...patch,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = people.map((p, i) => ({
    invitationId: inv.id,
    firstName: `F${i}`,
    lastName: `L${i}`,
    email: p.email ?? `p${i}.${inv.id}@students.example`,
    invitationCode: `RM${inv.id}X${i}`,
    inviteCount: p.inviteCount ?? 1,
    testValue: p.testValue ?? null,
    removed: p.removed ?? false,
    removedReason: p.removed ? 'Invalid email' : null,
    legacyPledgeAt: p.pledgedDaysAgo === undefined ? null : new Date(Date.now() - p.pledgedDaysAgo * 86_400_000),
    legacyPaidAt: p.paid ? new Date() : null,
  }));
  const invitees = await t.db.insertInto('invitees').values(rows).returning(['id', 'email']).execute();
  return { id: inv.id, invitees: invitees.sort((a, b) => a.id - b.id) };
}

async function sendsOf(reminderId: number) {
  return t.db
    .selectFrom('emailSends')
    .selectAll()
    .where('source', '=', 'invitation_email')
    .where('sourceId', '=', String(reminderId))
    .execute();
}

/** A reminder row that has started (as the minute's pass leaves it), bypassing the API's schedule rule. */
async function startedReminder(invitationId: number, audience: { inviteCount?: string; testValue?: string } = {}) {
  const { id } = await t.db
    .insertInto('invitationEmails')
    .values({ invitationId, templateId, sendScheduledAt: new Date(Date.now() - 60_000), ...(audience as object) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await startDueReminders(t.db, recordingJobs());
  return id;
}

beforeAll(async () => {
  ({ t, request, close } = await createQueuedApp());
  const versionId = await makeTemplateVersion(t.db, { name: 'Reminder one' });
  templateId = (
    await t.db
      .selectFrom('emailTemplateVersions')
      .select('templateId')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow()
  ).templateId;
  ({ chapterId, institutionId } = await makeChapter(t.db, ['Reminder College', 'RMC'], ['Reminder Chapter', 'RCH']));
});

afterAll(() => close?.());

describe('email reminders of an invitation', () => {
  it('adds a reminder with the defaults, lists it with its projected recipients, edits and deletes it', async () => {
    const inv = await invitation([{}, { inviteCount: 2 }, { removed: true }]);
    const created = await request({
      method: 'POST',
      url: emailsUrl(inv.id),
      payload: { templateId, sendScheduledAt: hoursAhead(24 * 7) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reminder = created.json();
    expect(reminder).toMatchObject({
      invitationId: inv.id,
      template: { id: templateId, name: 'Reminder one' },
      inviteCount: 'All',
      testValue: 'All',
      sendStartedAt: null,
      sendStatus: null,
      projectedRecipients: 2,
      totalSent: 0,
      deliveryRate: null,
      deliveryRateLevel: 'none',
    });
    const list = (await request({ method: 'GET', url: `${emailsUrl(inv.id)}?sort=sendScheduledAt:asc` })).json();
    expect(list.items.map((r: { id: number }) => r.id)).toEqual([reminder.id]);
    expect(list.pagination).toMatchObject({ currentPage: 1, totalItems: 1 });

    const edited = await request({
      method: 'PUT',
      url: `${emailsUrl(inv.id)}/${reminder.id}`,
      payload: {
        template: { id: templateId },
        sendScheduledAt: hoursAhead(30),
        inviteCount: '2nd time',
        testValue: 'All',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ inviteCount: '2nd time', projectedRecipients: 1 });

    expect((await request({ method: 'DELETE', url: `${emailsUrl(inv.id)}/${reminder.id}` })).statusCode).toBe(204);
    expect((await request({ method: 'GET', url: emailsUrl(inv.id) })).json().items).toEqual([]);
  });

  it("answers the spec's messages for a missing template, a past hour and a template that cannot send", async () => {
    const inv = await invitation([{}]);
    const missing = await request({
      method: 'POST',
      url: emailsUrl(inv.id),
      payload: { sendScheduledAt: hoursAhead(2) },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(REMINDER_MESSAGES.templateRequired);

    const past = await request({
      method: 'POST',
      url: emailsUrl(inv.id),
      payload: { templateId, sendScheduledAt: hoursAhead(-2) },
    });
    expect(past.statusCode).toBe(400);
    expect(JSON.stringify(past.json())).toContain(PAST_HOUR_MESSAGE);

    const disabledVersion = await makeTemplateVersion(t.db, { name: 'Disabled' });
    const disabled = (
      await t.db
        .selectFrom('emailTemplateVersions')
        .select('templateId')
        .where('id', '=', disabledVersion)
        .executeTakeFirstOrThrow()
    ).templateId;
    await t.db.updateTable('emailTemplates').set({ enabled: false }).where('id', '=', disabled).execute();
    const refused = await request({
      method: 'POST',
      url: emailsUrl(inv.id),
      payload: { templateId: disabled, sendScheduledAt: hoursAhead(2) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: REMINDER_MESSAGES.templateRequired,
      issues: [{ path: ['templateId'] }],
    });

    const noEmails = await invitation([{}], { deliverEmails: false });
    const off = await request({
      method: 'POST',
      url: emailsUrl(noEmails.id),
      payload: { templateId, sendScheduledAt: hoursAhead(2) },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(REMINDER_MESSAGES.noEmails);
    expect(
      (
        await request({
          method: 'POST',
          url: emailsUrl(999_999),
          payload: { templateId, sendScheduledAt: hoursAhead(2) },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses edits and deletes once the send has started', async () => {
    const inv = await invitation([{}]);
    const id = await startedReminder(inv.id);
    const put = await request({
      method: 'PUT',
      url: `${emailsUrl(inv.id)}/${id}`,
      payload: { templateId, sendScheduledAt: hoursAhead(5) },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(REMINDER_MESSAGES.started);
    expect((await request({ method: 'DELETE', url: `${emailsUrl(inv.id)}/${id}` })).statusCode).toBe(409);
    const other = await invitation([{}]);
    expect((await request({ method: 'DELETE', url: `${emailsUrl(other.id)}/${id}` })).statusCode).toBe(404);
  });
});

describe('sending a reminder', () => {
  it('selects the valid invitees of its bucket and segment, logs blocked ones as suppressed, and ends Success', async () => {
    const inv = await invitation([
      { inviteCount: 1, testValue: 'Control' },
      { inviteCount: 1, testValue: 'Variation' },
      { inviteCount: 2, testValue: 'Variation' },
      { inviteCount: 5, testValue: 'Variation' },
      { inviteCount: 1, testValue: 'Variation', removed: true },
      { inviteCount: 1, testValue: 'Variation', email: 'blocked-reminder@students.example' },
    ]);
    await blockAddress(t.db, {
      email: 'blocked-reminder@students.example',
      emailType: 'Invitation',
      reason: 'test',
      feedbackType: 'manual',
    });
    const firstTimers = await startedReminder(inv.id, { inviteCount: '1st time', testValue: 'Variation' });
    const report = await sendReminder(t.db, recordingJobs(), firstTimers, { lastAttempt: false });
    expect(report).toMatchObject({ selected: 2, queued: 1, suppressed: 1 });
    const sends = await sendsOf(firstTimers);
    expect(sends.map((s) => s.inviteeId).sort()).toEqual([inv.invitees[1]!.id, inv.invitees[5]!.id].sort());
    const row = await t.db
      .selectFrom('invitationEmails')
      .selectAll()
      .where('id', '=', firstTimers)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sendStatus: 'Success', recipients: 2, sendStatusReason: null });

    const often = await startedReminder(inv.id, { inviteCount: '4th or more times' });
    await sendReminder(t.db, recordingJobs(), often, { lastAttempt: false });
    expect((await sendsOf(often)).map((s) => s.inviteeId)).toEqual([inv.invitees[3]!.id]);
  });

  it('sends each invitee a reminder at most once, however often the run is repeated after a crash', async () => {
    const inv = await invitation(Array.from({ length: 5 }, () => ({})));
    const id = await startedReminder(inv.id);
    // A run that died after queueing two invitees: the retry finds them and queues only the rest.
    await t.db
      .insertInto('emailSends')
      .values(
        inv.invitees.slice(0, 2).map((iv) => ({
          source: 'invitation_email' as const,
          sourceId: String(id),
          recipientKey: String(iv.id),
          emailTo: iv.email,
          emailType: 'Invitation' as const,
          inviteeId: iv.id,
          invitationId: inv.id,
        })),
      )
      .execute();
    const retry = await sendReminder(t.db, recordingJobs(), id, { lastAttempt: false });
    expect(retry).toMatchObject({ selected: 5, queued: 3, duplicates: 2 });
    await t.db.updateTable('invitationEmails').set({ sendStatus: 'In Progress' }).where('id', '=', id).execute();
    const again = await sendReminder(t.db, recordingJobs(), id, { lastAttempt: false });
    expect(again).toMatchObject({ queued: 0, duplicates: 5 });
    expect(await sendsOf(id)).toHaveLength(5);
  });

  it('fails with a reason when the template was disabled before its hour', async () => {
    const versionId = await makeTemplateVersion(t.db, { name: 'Soon disabled' });
    const soon = (
      await t.db
        .selectFrom('emailTemplateVersions')
        .select('templateId')
        .where('id', '=', versionId)
        .executeTakeFirstOrThrow()
    ).templateId;
    const inv = await invitation([{}]);
    const { id } = await t.db
      .insertInto('invitationEmails')
      .values({ invitationId: inv.id, templateId: soon, sendScheduledAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('emailTemplates').set({ enabled: false }).where('id', '=', soon).execute();
    await startDueReminders(t.db, recordingJobs());
    await sendReminder(t.db, recordingJobs(), id, { lastAttempt: false });
    const row = await t.db.selectFrom('invitationEmails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sendStatus).toBe('Failed');
    expect(row.sendStatusReason).toMatch(/template is disabled/);
    expect(await sendsOf(id)).toHaveLength(0);
  });

  it('counts totals and rates with levels from the send log', async () => {
    const inv = await invitation(Array.from({ length: 10 }, () => ({})));
    const id = await startedReminder(inv.id);
    await sendReminder(t.db, recordingJobs(), id, { lastAttempt: false });
    const sends = (await sendsOf(id)).sort((a, b) => a.id - b.id);
    const mark = (n: number, set: Record<string, boolean>) =>
      t.db
        .updateTable('emailSends')
        .set(set)
        .where(
          'id',
          'in',
          sends.slice(0, n).map((s) => s.id),
        )
        .execute();
    await mark(10, { sent: true });
    await mark(9, { delivered: true });
    await mark(3, { opened: true });
    await mark(1, { clicked: true, unsub: true });
    const reminder = (await request({ method: 'GET', url: emailsUrl(inv.id) })).json().items[0];
    expect(reminder).toMatchObject({
      totalSent: 10,
      totalDelivered: 9,
      totalOpened: 3,
      totalClicked: 1,
      totalUnsub: 1,
      deliveryRate: 0.9,
      deliveryRateLevel: 'fair',
      openRate: 3 / 9,
      openRateLevel: 'good',
      unsubRate: 1 / 9,
      unsubRateLevel: 'poor',
      spamRate: 0,
      spamRateLevel: 'good',
    });
    const all = (
      await request({ method: 'GET', url: `/api/admin/logistics/invitation-emails?search=reminder%20college` })
    ).json();
    expect(all.items.some((r: { id: number }) => r.id === id)).toBe(true);
    const stats = (await request({ method: 'GET', url: '/api/admin/logistics/invitation-emails/stats' })).json();
    const week = stats.weeks.at(-1);
    expect(week.totalSent).toBeGreaterThanOrEqual(10);
    expect(week.deliveredRate).toBeGreaterThan(0);
  });

  it('starts a reminder saved for the current hour within moments and turns it Success through the queue', async () => {
    const inv = await invitation([{}, {}]);
    const created = (
      await request({ method: 'POST', url: emailsUrl(inv.id), payload: { templateId, sendScheduledAt: hoursAhead(0) } })
    ).json();
    let status: string | null = null;
    for (let i = 0; i < 150 && status !== 'Success'; i++) {
      await sleep(100);
      status = (
        await t.db
          .selectFrom('invitationEmails')
          .select('sendStatus')
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow()
      ).sendStatus;
    }
    expect(status).toBe('Success');
    expect(await sendsOf(created.id)).toHaveLength(2);
    const settled = await t.db
      .selectFrom('invitations')
      .select('status')
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('Ready');
  });
});

describe('projection before saving', () => {
  it("counts the reminder's recipients and its day's other reminders, and flags a day over the quota with a later finish", async () => {
    const inv = await invitation(Array.from({ length: 4 }, (_, i) => ({ inviteCount: i < 3 ? 1 : 2 })));
    const at = hoursAhead(24 * 40);
    const existing = (
      await request({ method: 'POST', url: emailsUrl(inv.id), payload: { templateId, sendScheduledAt: at } })
    ).json();
    const url = (q: string) => `${emailsUrl(inv.id)}/projection?sendScheduledAt=${encodeURIComponent(at)}&${q}`;
    const firstTimers = (await request({ method: 'GET', url: url('inviteCount=1st%20time') })).json();
    expect(firstTimers).toMatchObject({ recipients: 3, dayScheduled: 4, day: at.slice(0, 10), overQuota: false });
    // Editing the existing reminder leaves it out of the day's others.
    expect((await request({ method: 'GET', url: url(`excludeId=${existing.id}`) })).json()).toMatchObject({
      recipients: 4,
      dayScheduled: 0,
    });
    const bad = await request({ method: 'GET', url: `${emailsUrl(inv.id)}/projection?sendScheduledAt=soon` });
    expect(bad.statusCode).toBe(400);
  });

  it('projects the finish a day later per quota beyond the first', async () => {
    const { projectReminder } = await import('./projection.js');
    const inv = await invitation(Array.from({ length: 5 }, () => ({})));
    const at = new Date(Date.UTC(2031, 0, 10, 9));
    const p = await projectReminder(
      t.db,
      inv.id,
      { sendScheduledAt: at.toISOString(), inviteCount: 'All', testValue: 'All' },
      { quota: 2, ratePerSecond: 1 },
    );
    expect(p).toMatchObject({ recipients: 5, overQuota: true });
    // 5 emails at 2 a day: two days of waiting, then the last one at 1 a second.
    expect(p.projectedFinishAt).toBe(new Date(at.getTime() + 2 * 86_400_000 + 1000).toISOString());
  });

  it('uses the warm-up limit of the day and of the days after it while warming up (issue 37 §2)', async () => {
    const { projectReminder } = await import('./projection.js');
    const inv = await invitation(Array.from({ length: 3 }, () => ({})));
    const at = new Date(Date.UTC(2031, 0, 10, 9));
    const q = { sendScheduledAt: at.toISOString(), inviteCount: 'All', testValue: 'All' } as const;
    // Day 1 of the warm-up: its limit is 500, under the quota of 100,000.
    const day1 = await projectReminder(t.db, inv.id, q, {
      quota: 100_000,
      ratePerSecond: 1,
      warmupStart: '2031-01-10',
    });
    expect(day1).toMatchObject({ recipients: 3, dailyQuota: 500, warmupDay: 1, overQuota: false });
    // The schedule past the quota: the quota applies and no warm-up day is named.
    const over = await projectReminder(t.db, inv.id, q, { quota: 1000, ratePerSecond: 1, warmupStart: '2031-01-01' });
    expect(over).toMatchObject({ dailyQuota: 1000, warmupDay: null });
    // 3 emails on a day whose limit is 2 (quota 2 and no warm-up): one day of waiting.
    const plain = await projectReminder(t.db, inv.id, q, { quota: 2, ratePerSecond: 1 });
    expect(plain).toMatchObject({ dailyQuota: 2, warmupDay: null, overQuota: true });
    expect(plain.projectedFinishAt).toBe(new Date(at.getTime() + 86_400_000 + 1000).toISOString());
  });
});

describe('rate levels', () => {
  it('follow the documented thresholds in each direction', () => {
    expect(rateLevel('deliveryRate', 0.95)).toBe('good');
    expect(rateLevel('deliveryRate', 0.92)).toBe('fair');
    expect(rateLevel('deliveryRate', 0.5)).toBe('poor');
    expect(rateLevel('spamRate', 0.001)).toBe('good');
    expect(rateLevel('spamRate', 0.002)).toBe('fair');
    expect(rateLevel('spamRate', 0.004)).toBe('poor');
    expect(rateLevel('bouncedHardRate', 0.03)).toBe('fair');
    expect(rateLevel('openRate', null)).toBe('none');
  });
});

describe('invitee test email', () => {
  it("sends the reminder's template rendered for the invitee to toEmail, under the test source", async () => {
    const inv = await invitation([{}]);
    const reminder = (
      await request({
        method: 'POST',
        url: emailsUrl(inv.id),
        payload: { templateId, sendScheduledAt: hoursAhead(48) },
      })
    ).json();
    const url = `${emailsUrl(inv.id)}/${reminder.id}/invitees/${inv.invitees[0]!.id}/send-test-email`;
    const sent = await request({ method: 'POST', url, payload: { toEmail: 'staff@society.example' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Test email sent successfully.');
    const send = await t.db
      .selectFrom('emailSends')
      .selectAll()
      .where('id', '=', sent.json().sendId)
      .executeTakeFirstOrThrow();
    expect(send).toMatchObject({
      source: 'invitation_email_test',
      sourceId: String(reminder.id),
      emailTo: 'staff@society.example',
      inviteeId: inv.invitees[0]!.id,
    });
    expect(send.subject).toBe('Your invitation, F0');

    const bad = await request({ method: 'POST', url, payload: { toEmail: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Email is not valid');
    const other = await invitation([{}]);
    const wrong = await request({
      method: 'POST',
      url: `${emailsUrl(inv.id)}/${reminder.id}/invitees/${other.invitees[0]!.id}/send-test-email`,
      payload: { toEmail: 'staff@society.example' },
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('tickler', () => {
  it('reaches invitees who pledged 3 days ago or more and have not paid, once each', async () => {
    await makeTemplateVersion(t.db, { name: 'Tickler' });
    await t.db
      .updateTable('emailTemplates')
      .set({ templateType: 'InvitationTickler' })
      .where('name', '=', 'Tickler')
      .execute();
    const inv = await invitation(
      [
        { pledgedDaysAgo: 4 },
        { pledgedDaysAgo: 1 },
        { pledgedDaysAgo: 10, paid: true },
        {},
        { pledgedDaysAgo: 5, removed: true },
      ],
      { enableTickler: true },
    );
    const off = await invitation([{ pledgedDaysAgo: 4 }]);
    await runTickler(t.db, recordingJobs());
    const sends = await t.db
      .selectFrom('emailSends')
      .select(['inviteeId', 'sourceId'])
      .where('source', '=', 'invitation_tickler')
      .where('invitationId', 'in', [inv.id, off.id])
      .execute();
    expect(sends).toEqual([{ inviteeId: inv.invitees[0]!.id, sourceId: String(inv.id) }]);
    // A day later the second pledge is due; the first is not sent again.
    await runTickler(t.db, recordingJobs(), { now: new Date(Date.now() + 2.5 * 86_400_000) });
    const later = await t.db
      .selectFrom('emailSends')
      .select('inviteeId')
      .where('source', '=', 'invitation_tickler')
      .where('invitationId', '=', inv.id)
      .execute();
    expect(later.map((s) => s.inviteeId).sort()).toEqual([inv.invitees[0]!.id, inv.invitees[1]!.id].sort());
  });
});
