import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestApp } from '../../test/helper.js';
import { makeInvitees, makeTemplateVersion, recordingJobs } from '../../test/mail-fixtures.js';
import { guardTestApp, type GuardApp } from '../../test/guard-fixtures.js';
import { applyProviderEvents } from '../mail/webhook-events.js';
import { startDueReminders } from '../reminders/send-reminder.js';
import { runTickler } from '../reminders/tickler.js';
import { breach, checkGuards, guardThresholds, resumePause } from './guard-pauses.js';
import { emptyWindows } from './guard-rates.js';

/*
 * Issue 37 §3: the guard pausing a campaign at the threshold with the staff who sent it emailed, and the explicit,
 * audited resume (the rules per kind: guard-rules.test.ts).
 */

let t: TestApp;
let cookie: string;
let staffId: number;
let templateId: number;
let fx: GuardApp['fx'];

guardTestApp((app) => ({ t, cookie, staffId, templateId, fx } = app));

describe('the guard thresholds', () => {
  const limits = guardThresholds({
    EMAIL_PAUSE_BOUNCE_RATE: 5,
    EMAIL_PAUSE_COMPLAINT_RATE: 0.1,
    EMAIL_PAUSE_MIN_SENDS: 500,
  });
  const windows = (day: [number, number, number], week: [number, number, number] = day) => ({
    ...emptyWindows(),
    guardDay: { sent: day[0], bounced: day[1], complained: day[2] },
    guardWeek: { sent: week[0], bounced: week[1], complained: week[2] },
  });

  it('pause at the bounce or complaint rate over at least 500 sends, in either window', () => {
    expect(breach(windows([500, 24, 0]), limits)).toBeNull();
    expect(breach(windows([500, 25, 0]), limits)).toMatchObject({ kind: 'bounce', rate: 0.05, sends: 500 });
    expect(breach(windows([499, 100, 0]), limits)).toBeNull();
    expect(breach(windows([1000, 0, 1]), limits)).toMatchObject({ kind: 'complaint', sends: 1000 });
    expect(breach(windows([1001, 0, 1]), limits)).toBeNull();
    expect(breach(windows([100, 50, 0], [2000, 100, 0]), limits)?.reason).toBe(
      'Bounce rate 5% (100 of 2000 sends) over the last 7 days reached the 5% limit',
    );
  });
});

describe('a campaign over its bounce rate', () => {
  it('pauses its new reminders at the threshold, says why, emails its sender; the resume is explicit and audited', async () => {
    const jobs = recordingJobs();
    const config = {
      ...t.config,
      EMAIL_PAUSE_BOUNCE_RATE: 5,
      EMAIL_PAUSE_COMPLAINT_RATE: 0.1,
      EMAIL_PAUSE_MIN_SENDS: 500,
    };
    // The account's other sends keep the account-wide rates low (one campaign among many).
    await sql`insert into email_guard_counts (scope, bucket, sent) values (0, date_bin('10 minutes', now(), timestamptz '2000-01-01'), 100000)
      on conflict (scope, bucket) do update set sent = email_guard_counts.sent + 100000`.execute(t.db);
    const { invitationId } = await makeInvitees(t.db, 1, 'campaign.example');
    const { invitationId: otherId } = await makeInvitees(t.db, 1, 'other.example');
    const hour = (h: number) => new Date(Date.now() + h * 3_600_000);
    await t.db
      .insertInto('invitationEmails')
      .values({
        invitationId,
        templateId,
        sendScheduledAt: hour(-2),
        sendStartedAt: hour(-2),
        sendStatus: 'Success',
        updatedBy: staffId,
      })
      .execute();
    const reminder = (invitation: number) =>
      t.db
        .insertInto('invitationEmails')
        .values({ invitationId: invitation, templateId, sendScheduledAt: hour(1) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const held = await reminder(invitationId);
    const other = await reminder(otherId);

    const sends = await fx.sentSends(500, { invitationId });
    await applyProviderEvents(
      t.db,
      sends.slice(0, 24).map((id) => fx.event(id, 'bounced_hard')),
    );
    expect(await checkGuards(t.db, jobs, config)).toEqual([]);
    await applyProviderEvents(t.db, [fx.event(sends[24]!, 'bounced_hard')]);
    const [pauseId] = await checkGuards(t.db, jobs, config);
    expect(pauseId).toBeTypeOf('number');
    expect(await checkGuards(t.db, jobs, config)).toEqual([]); // one live pause per campaign

    // The staff member who sent the campaign's reminders is emailed why.
    const notice = await t.db
      .selectFrom('emailSends')
      .select(['emailTo', 'tokenValues'])
      .where('source', '=', 'guard_notice')
      .execute();
    expect(notice).toHaveLength(1);
    expect(notice[0]!.emailTo).toBe('sender@example.test');
    expect(notice[0]!.tokenValues).toMatchObject({
      reason: 'Bounce rate 5% (25 of 500 sends) over the last 24 hours reached the 5% limit',
      pageUrl: 'https://admin.society.example/admin/logistics/deliverability',
    });

    // Its due reminder does not start; another campaign's does.
    await t.db
      .updateTable('invitationEmails')
      .set({ sendScheduledAt: hour(-0.1) })
      .where('id', 'in', [held.id, other.id])
      .execute();
    expect(await startDueReminders(t.db, jobs)).toEqual([other.id]);

    // The rates and the reason, as the reminders and the deliverability page read them.
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/logistics/deliverability/guards?invitationId=${invitationId}`,
      cookie,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.thresholds).toEqual({ bounceRate: 0.05, complaintRate: 0.001, minSends: 500 });
    expect(body.campaigns).toEqual([
      expect.objectContaining({
        invitationId,
        day: { sent: 500, bounced: 25, complained: 0 },
        week: { sent: 500, bounced: 25, complained: 0 },
      }),
    ]);
    expect(body.pauses).toEqual([expect.objectContaining({ id: pauseId, invitationId, kind: 'bounce' })]);

    // Resuming: an explicit call, audited; the reminder starts, and the rates count again from the resume.
    const resume = (id: number) =>
      t.request({ method: 'POST', url: `/api/admin/logistics/deliverability/guards/pauses/${id}/resume`, cookie });
    const first = await resume(pauseId!);
    expect(first.statusCode, first.body).toBe(200);
    expect((await resume(pauseId!)).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'accountId', 'entityId'])
      .where('entity', '=', 'email_guard_pauses')
      .execute();
    expect(audit).toEqual([{ action: 'resume', accountId: staffId, entityId: String(pauseId) }]);
    expect(await startDueReminders(t.db, jobs)).toEqual([held.id]);
    expect(await checkGuards(t.db, jobs, config)).toEqual([]);
  });

  it('an account-wide pause holds every campaign', async () => {
    const { invitationId } = await makeInvitees(t.db, 1, 'account.example');
    const due = await t.db
      .insertInto('invitationEmails')
      .values({ invitationId, templateId, sendScheduledAt: new Date(Date.now() - 60_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into email_guard_pauses (invitation_id, kind, reason, rate, sends) values (null, 'complaint', 'Complaint rate', 0.002, 600)`.execute(
      t.db,
    );
    expect(await startDueReminders(t.db, recordingJobs())).toEqual([]);
    await sql`update email_guard_pauses set resumed_at = now() where invitation_id is null`.execute(t.db);
    expect(await startDueReminders(t.db, recordingJobs())).toEqual([due.id]);
  });

  it("a pause holds the tickler too (the account-wide one every campaign's) until the audited resume", async () => {
    await makeTemplateVersion(t.db, { name: 'Tickler', templateType: 'InvitationTickler' });
    const ticklerCampaign = async (domain: string) => {
      const { invitationId, invitees } = await makeInvitees(t.db, 2, domain);
      await t.db
        .updateTable('invitations')
        .set({ status: 'Ready', enableTickler: true })
        .where('id', '=', invitationId)
        .execute();
      const pledged = new Date(Date.now() - 5 * 86_400_000);
      await t.db
        .updateTable('invitees')
        .set({ legacyPledgeAt: pledged })
        .where('invitationId', '=', invitationId)
        .execute();
      return { invitationId, ids: invitees.map((i) => i.id) };
    };
    const a = await ticklerCampaign('tickled.example');
    const b = await ticklerCampaign('tickled-too.example');
    const tickled = async () =>
      (
        await t.db
          .selectFrom('emailSends')
          .select('inviteeId')
          .where('source', '=', 'invitation_tickler')
          .where('invitationId', 'in', [a.invitationId, b.invitationId])
          .orderBy('inviteeId')
          .execute()
      ).map((s) => s.inviteeId);
    const pause = async (invitationId: number | null) =>
      (
        await sql<{ id: number }>`insert into email_guard_pauses (invitation_id, kind, reason, rate, sends)
          values (${invitationId}, 'complaint', 'Complaint rate', 0.002, 600) returning id`.execute(t.db)
      ).rows[0]!.id;

    const everything = await pause(null);
    expect(await runTickler(t.db, recordingJobs())).toMatchObject({ invitations: 2, held: 2, queued: 0 });
    expect(await tickled()).toEqual([]);
    // Resumed by the audited call, with b's own pause now live: a's tickler goes out, b's waits.
    const campaign = await pause(b.invitationId);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/logistics/deliverability/guards/pauses/${everything}/resume`,
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await runTickler(t.db, recordingJobs())).toMatchObject({ held: 1, queued: 2 });
    expect(await tickled()).toEqual(a.ids);
    await resumePause(t.db, campaign, staffId);
    expect(await runTickler(t.db, recordingJobs())).toMatchObject({ held: 0, queued: 2 });
    expect(await tickled()).toEqual([...a.ids, ...b.ids].sort((x, y) => x - y));
  });
});
