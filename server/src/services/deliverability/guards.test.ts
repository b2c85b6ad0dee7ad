import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { makeInvitees, makeTemplateVersion, recordingJobs } from '../../test/mail-fixtures.js';
import { recordEmailEvents } from '../mail/events.js';
import { applyProviderEvents, type ProviderEvent } from '../mail/webhook-events.js';
import { startDueReminders } from '../reminders/send-reminder.js';
import { breach, checkGuards, guardThresholds } from './guard-pauses.js';
import { emptyWindows } from './guard-rates.js';

/*
 * Issue 37 §3: the rules per kind (applied once per event), the guard pausing a campaign at the threshold with
 * the staff who sent it emailed, and the explicit, audited resume.
 */

let t: TestApp;
let cookie: string;
let staffId: number;
let versionId: number;
let templateId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://admin.society.example' });
  cookie = await t.signIn({ email: 'sender@example.test' });
  staffId = (
    await t.db.selectFrom('accounts').select('id').where('email', '=', 'sender@example.test').executeTakeFirstOrThrow()
  ).id;
  versionId = await makeTemplateVersion(t.db);
  templateId = (
    await t.db
      .selectFrom('emailTemplateVersions')
      .select('templateId')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow()
  ).templateId;
});
afterAll(() => t?.close());

/** `n` sends already sent (their 'sent' events recorded), to `domain`, of `invitationId` when given. */
async function sentSends(n: number, opts: { invitationId?: number; domain?: string } = {}): Promise<number[]> {
  const batch = ++seq;
  const rows = await t.db
    .insertInto('emailSends')
    .values(
      Array.from({ length: n }, (_, i) => ({
        source: 'invitation_email' as const,
        sourceId: `guard-${batch}`,
        recipientKey: `r${i}`,
        emailTo: `p${batch}x${i}@${opts.domain ?? 'guarded.example'}`,
        emailType: 'Invitation' as const,
        templateVersionId: versionId,
        invitationId: opts.invitationId ?? null,
        tokenValues: '{}',
        status: 'sent' as const,
      })),
    )
    .returning('id')
    .execute();
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await recordEmailEvents(
    t.db,
    ids.map((sendId) => ({ sendId, name: 'sent', providerEventId: `local:${sendId}:sent` })),
  );
  return ids;
}

const event = (
  sendId: number,
  name: ProviderEvent['name'],
  id = `${name}-${sendId}`,
  at = new Date(),
): ProviderEvent => ({
  id,
  name,
  at: at.toISOString(),
  sendId,
  messageId: null,
  url: null,
  ip: null,
  userAgent: null,
  message: `${name} answer`,
});

const blocked = async (sendId: number) => {
  const { emailTo } = await t.db
    .selectFrom('emailSends')
    .select('emailTo')
    .where('id', '=', sendId)
    .executeTakeFirstOrThrow();
  return t.db
    .selectFrom('blockedEmails')
    .select(['emailType', 'reason', 'feedbackType'])
    .where('email', '=', emailTo)
    .execute();
};

describe('rules per kind (defaults: hard x1 block, soft x3 in 30 days block, complaint x1 block and unsubscribe)', () => {
  it('blocks at a hard bounce, once per event however often it is delivered', async () => {
    const [a] = await sentSends(1);
    const twice = [event(a!, 'bounced_hard', 'hb-1'), event(a!, 'bounced_hard', 'hb-1')];
    expect(await applyProviderEvents(t.db, twice)).toMatchObject({ applied: 1 });
    expect(await blocked(a!)).toEqual([{ emailType: 'All', reason: 'Hard bounce', feedbackType: 'bounced_hard' }]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from email_guard_hits where kind = 'bounced_hard'`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('blocks at the third soft bounce within 30 days, not at the second, and not counting one older than 30 days', async () => {
    const ids = await sentSends(4, { domain: 'soft.example' });
    const same = ids.map(() => ids[0]!); // four events of one address (one send)
    const old = new Date(Date.now() - 40 * 86_400_000);
    await applyProviderEvents(t.db, [event(same[0]!, 'bounced_soft', 'sb-old', old)]);
    await applyProviderEvents(t.db, [event(same[1]!, 'bounced_soft', 'sb-1'), event(same[2]!, 'bounced_soft', 'sb-2')]);
    expect(await blocked(ids[0]!)).toEqual([]);
    await applyProviderEvents(t.db, [event(same[3]!, 'bounced_soft', 'sb-3')]);
    expect(await blocked(ids[0]!)).toEqual([
      { emailType: 'All', reason: 'Soft bounce x3 within 30 days', feedbackType: 'bounced_hard' },
    ]);
  });

  it('blocks and unsubscribes at a complaint', async () => {
    const { invitationId, invitees } = await makeInvitees(t.db, 1, 'complains.example');
    const [send] = await t.db
      .insertInto('emailSends')
      .values({
        source: 'invitation_email',
        sourceId: 'complaint',
        recipientKey: 'c',
        emailTo: invitees[0]!.email,
        emailType: 'Invitation',
        invitationId,
        inviteeId: invitees[0]!.id,
        tokenValues: '{}',
        status: 'sent',
      })
      .returning('id')
      .execute();
    await applyProviderEvents(t.db, [event(send!.id, 'spam')]);
    expect(await blocked(send!.id)).toEqual(
      expect.arrayContaining([{ emailType: 'All', reason: 'Spam complaint', feedbackType: 'spam' }]),
    );
    const flags = await t.db
      .selectFrom('emailSends')
      .select(['spam', 'unsub'])
      .where('id', '=', send!.id)
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ spam: true, unsub: true });
    const invitee = await t.db
      .selectFrom('invitees')
      .select('emailUnsub')
      .where('id', '=', invitees[0]!.id)
      .executeTakeFirstOrThrow();
    expect(invitee.emailUnsub).toBe(true);
  });

  it('follows edited rules (PUT, audited): a hard bounce blocks only at the second, a complaint does nothing', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: '/api/admin/logistics/deliverability/guards/rules',
      cookie,
      payload: { rules: [{ kind: 'spam', times: 0, withinDays: null, action: 'block' }] },
    });
    expect(bad.statusCode).toBe(400);
    const rules = [
      { kind: 'bounced_hard', times: 2, withinDays: null, action: 'block' },
      { kind: 'bounced_soft', times: 3, withinDays: 30, action: 'block' },
      { kind: 'spam', times: 1, withinDays: null, action: 'none' },
    ];
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/logistics/deliverability/guards/rules',
      cookie,
      payload: { rules },
    });
    expect(res.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'accountId'])
      .where('entity', '=', 'email_guard_rules')
      .execute();
    expect(audit).toEqual([
      { action: 'update', accountId: staffId },
      { action: 'update', accountId: staffId },
    ]);
    const [a, b] = await sentSends(2, { domain: 'edited.example' });
    await applyProviderEvents(t.db, [event(a!, 'bounced_hard', 'e-hb-1'), event(b!, 'spam', 'e-sp-1')]);
    expect(await blocked(a!)).toEqual([]);
    expect(await blocked(b!)).toEqual([]);
    await applyProviderEvents(t.db, [event(a!, 'bounced_hard', 'e-hb-2')]);
    expect(await blocked(a!)).toEqual([{ emailType: 'All', reason: 'Hard bounce x2', feedbackType: 'bounced_hard' }]);
    const defaults = rules.map((r) =>
      r.kind === 'bounced_hard' ? { ...r, times: 1 } : r.kind === 'spam' ? { ...r, action: 'block_unsubscribe' } : r,
    );
    await t.request({
      method: 'PUT',
      url: '/api/admin/logistics/deliverability/guards/rules',
      cookie,
      payload: { rules: defaults },
    });
  });
});

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

    const sends = await sentSends(500, { invitationId });
    await applyProviderEvents(
      t.db,
      sends.slice(0, 24).map((id) => event(id, 'bounced_hard')),
    );
    expect(await checkGuards(t.db, jobs, config)).toEqual([]);
    await applyProviderEvents(t.db, [event(sends[24]!, 'bounced_hard')]);
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
});
