import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { inject } from 'vitest';
import type { TestApp } from '../../test/helper.js';
import { deliveryTestApp } from '../../test/delivery-fixtures.js';
import { deliverQueuedEmails } from './deliver.js';
import { MAX_ATTEMPTS } from './deliver-one.js';
import type { MailConfig } from './mail-config.js';
import { queueEmails, type OutgoingEmail } from './send.js';
import { blockAddress } from './suppression.js';
import { startTestSmtp } from '../../test/smtp.js';
import { makeInvitees, recordingJobs } from '../../test/mail-fixtures.js';

let t: TestApp;
let versionId: number;
let config: MailConfig;
let batchNo = 0;

// Each test starts with an empty queue (sends a test leaves queued on purpose are failed out of the way).
deliveryTestApp((app) => ({ t, config, versionId } = app), { emptyQueue: true });

async function queueInvitations(n: number, opts: { domain?: string } = {}) {
  const { invitationId, invitees } = await makeInvitees(t.db, n, opts.domain ?? `b${++batchNo}.example`);
  const reminderId = String(1000 + batchNo);
  const emails: OutgoingEmail[] = invitees.map((i) => ({
    recipientKey: `invitee:${i.id}`,
    to: i.email,
    emailType: 'Invitation',
    values: {
      firstName: i.firstName,
      lastName: i.lastName,
      invitationCode: i.invitationCode!,
      chapterName: 'Mail <Chapter>',
    },
    inviteeId: i.id,
    invitationId,
  }));
  const jobs = recordingJobs();
  const result = await queueEmails(t.db, jobs, {
    source: 'invitation_email',
    sourceId: reminderId,
    templateVersionId: versionId,
    emails,
  });
  return { invitationId, invitees, emails, result, jobs, reminderId };
}

const sendsOf = (ids: number[]) =>
  t.db.selectFrom('emailSends').selectAll().where('id', 'in', ids).orderBy('id').execute();

describe('queueEmails', () => {
  it('writes one queued send per recipient with its personalised subject and queues delivery in the same transaction; a repeat is a duplicate', async () => {
    const { result, jobs, emails, reminderId, invitationId } = await queueInvitations(3);
    expect(result).toMatchObject({ queued: 3, suppressed: 0, duplicates: 0 });
    expect(jobs.sent).toEqual(['deliver-emails']);
    const rows = await sendsOf(result.sendIds);
    expect(rows.map((r) => [r.status, r.subject, r.emailTo])).toEqual(
      emails.map((e) => ['queued', `Your invitation, ${e.values.firstName}`, e.to]),
    );

    const again = await queueEmails(t.db, recordingJobs(), {
      source: 'invitation_email',
      sourceId: reminderId,
      templateVersionId: versionId,
      emails: [...emails, { ...emails[0]!, recipientKey: 'new-one', to: 'new@b.example', invitationId }],
    });
    expect(again).toMatchObject({ queued: 1, suppressed: 0, duplicates: 3 });
  });

  it('honours blocked addresses per type: suppressed rows, nothing sent to them', async () => {
    const reminderId = `supp-${++batchNo}`;
    await blockAddress(t.db, {
      email: 'Blocked-Inv@B.example',
      emailType: 'Invitation',
      reason: 'test',
      feedbackType: 'manual',
    });
    await blockAddress(t.db, {
      email: 'blocked-tx@b.example',
      emailType: 'Transactional',
      reason: 'test',
      feedbackType: 'manual',
    });
    await blockAddress(t.db, {
      email: 'blocked-all@b.example',
      emailType: 'All',
      reason: 'test',
      feedbackType: 'manual',
    });
    const mk = (to: string, emailType: 'Invitation' | 'Transactional'): OutgoingEmail => ({
      recipientKey: `${to}:${emailType}`,
      to,
      emailType,
      values: { firstName: 'X' },
    });
    const jobs = recordingJobs();
    const result = await queueEmails(t.db, jobs, {
      source: 'welcome_email_test',
      sourceId: `supp-${reminderId}`,
      templateVersionId: versionId,
      emails: [
        mk('blocked-inv@b.example', 'Invitation'),
        mk('blocked-inv@b.example', 'Transactional'),
        mk('blocked-tx@b.example', 'Transactional'),
        mk('BLOCKED-ALL@b.example', 'Invitation'),
        mk('fine@b.example', 'Invitation'),
      ],
    });
    expect(result).toMatchObject({ queued: 2, suppressed: 3, duplicates: 0 });
    const rows = await sendsOf(result.sendIds);
    expect(rows.map((r) => `${r.emailTo}:${r.emailType}:${r.status}`)).toEqual([
      'blocked-inv@b.example:Invitation:suppressed',
      'blocked-inv@b.example:Transactional:queued',
      'blocked-tx@b.example:Transactional:suppressed',
      'BLOCKED-ALL@b.example:Invitation:suppressed',
      'fine@b.example:Invitation:queued',
    ]);
    const report = await deliverQueuedEmails(t.db, config);
    expect(report.sent).toBe(2);
    const outbox = await t.db
      .selectFrom('emailOutbox')
      .select('toAddress')
      .where('sendId', 'in', result.sendIds)
      .execute();
    expect(outbox.map((o) => o.toAddress).sort()).toEqual(['blocked-inv@b.example', 'fine@b.example']);
  });
});

describe('delivery to the outbox (no SMTP_URL)', () => {
  it('writes each message once with HTML, text and headers, marks the send sent with its event, and sets the invitee flag', async () => {
    const { result, invitees, invitationId, reminderId } = await queueInvitations(3);
    const report = await deliverQueuedEmails(t.db, config);
    expect(report).toMatchObject({ sent: 3, failed: 0, quotaReached: false });
    const rows = await sendsOf(result.sendIds);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'sent', sent: true, sendStatusMessage: null });
      expect(r.sendAt).toBeInstanceOf(Date);
      expect(r.messageId).toMatch(new RegExp(`^<${r.id}\\.[0-9a-f]{16}@society\\.example>$`));
    }
    const outbox = await t.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('sendId', 'in', result.sendIds)
      .orderBy('sendId')
      .execute();
    expect(outbox).toHaveLength(3);
    const first = outbox[0]!;
    const invitee = invitees[0]!;
    expect(first.subject).toBe(`Your invitation, ${invitee.firstName}`);
    expect(first.html).toContain(`Dear ${invitee.firstName} ${invitee.lastName}`);
    expect(first.html).toContain('Mail &lt;Chapter&gt;');
    expect(first.text).toContain('Mail <Chapter> chapter');
    expect(first.text).toMatch(new RegExp(`invitation code is\\s+${invitee.invitationCode}\\.`));
    // Links absolute under PUBLIC_URL: the accept link through the click redirect, the pixel, the unsubscribe page.
    expect(first.html).toMatch(
      /href="https:\/\/admin\.society\.example\/api\/public\/email\/click\/\d+\/[\w-]+\?u=https%3A%2F%2Fsociety\.example%2Faccept%3Fcode%3DCODE0X\d+"/,
    );
    expect(first.html).toMatch(/<img src="https:\/\/admin\.society\.example\/api\/public\/email\/open\/\d+\/[\w-]+"/);
    // The link names the reminder as {emailId} (spec 02), as the reminder calls do.
    expect(first.html).toContain(
      `href="https://admin.society.example/unsubscribe/${invitationId}/${reminderId}/${invitee.id}?signature=`,
    );
    expect(first.headers).toMatchObject({
      From: '"Honor Society" <invite@society.example>',
      'Reply-To': 'help@society.example',
      To: invitee.email,
      'Message-ID': rows[0]!.messageId,
      'List-Unsubscribe': expect.stringMatching(
        new RegExp(
          `^<https://admin\\.society\\.example/api/public/invitations/${invitationId}/email/${reminderId}/${invitee.id}/unsubscribe\\?signature=[\\w-]+>$`,
        ),
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const events = await t.db
      .selectFrom('emailEvents')
      .select(['sendId', 'name'])
      .where('sendId', 'in', result.sendIds)
      .execute();
    expect(events.map((e) => e.name)).toEqual(['sent', 'sent', 'sent']);
    const flags = await t.db
      .selectFrom('invitees')
      .select('emailSent')
      .where('invitationId', '=', invitationId)
      .execute();
    expect(flags.every((f) => f.emailSent)).toBe(true);

    expect(await deliverQueuedEmails(t.db, config)).toMatchObject({ sent: 0 });
  });

  it("a tickler's link names its send; a test copy's names '0' and carries no one-click header", async () => {
    const { invitationId, invitees } = await makeInvitees(t.db, 1, `b${++batchNo}.example`);
    const invitee = invitees[0]!;
    const email = (recipientKey: string, to: string): OutgoingEmail => ({
      recipientKey,
      to,
      emailType: 'Invitation',
      values: { firstName: 'T' },
      inviteeId: invitee.id,
      invitationId,
    });
    const tickler = await queueEmails(t.db, recordingJobs(), {
      source: 'invitation_tickler',
      sourceId: String(invitationId),
      templateVersionId: versionId,
      emails: [email('1', invitee.email)],
    });
    const test = await queueEmails(t.db, recordingJobs(), {
      source: 'invitation_email_test',
      sourceId: '77',
      templateVersionId: versionId,
      emails: [email('test-1', 'staff@society.example')],
    });
    await deliverQueuedEmails(t.db, config);
    const [ticklerMail, testMail] = await Promise.all(
      [tickler.sendIds[0]!, test.sendIds[0]!].map((id) =>
        t.db.selectFrom('emailOutbox').selectAll().where('sendId', '=', id).executeTakeFirstOrThrow(),
      ),
    );
    const ticklerId = tickler.sendIds[0]!;
    expect(ticklerMail!.html).toContain(`/unsubscribe/${invitationId}/${ticklerId}/${invitee.id}?signature=`);
    expect(ticklerMail!.headers['List-Unsubscribe']).toContain(
      `/email/${ticklerId}/${invitee.id}/unsubscribe?signature=`,
    );
    expect(testMail!.html).toContain(`/unsubscribe/${invitationId}/0/${invitee.id}?signature=`);
    expect(testMail!.headers).not.toHaveProperty('List-Unsubscribe');
    expect(testMail!.headers).not.toHaveProperty('List-Unsubscribe-Post');
  });
});

describe('delivery over SMTP', () => {
  it("sends multipart messages with the headers, text part and each recipient's values into a real SMTP server", async () => {
    const smtp = await startTestSmtp();
    try {
      const { result, invitees, invitationId, reminderId } = await queueInvitations(5);
      const report = await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { connections: 2 });
      expect(report).toMatchObject({ sent: 5, failed: 0 });
      expect(smtp.messages).toHaveLength(5);
      const rows = await sendsOf(result.sendIds);
      for (const [i, invitee] of invitees.entries()) {
        const mail = smtp.messages.find((m) => m.to[0] === invitee.email)!;
        expect(mail.headers.subject).toBe(`Your invitation, ${invitee.firstName}`);
        expect(mail.headers.from).toBe('Honor Society <invite@society.example>');
        expect(mail.headers['reply-to']).toBe('help@society.example');
        expect(mail.headers['message-id']).toBe(rows[i]!.messageId);
        expect(mail.headers['list-unsubscribe']).toMatch(
          new RegExp(
            `^<https://admin\\.society\\.example/api/public/invitations/${invitationId}/email/${reminderId}/${invitee.id}/unsubscribe\\?signature=[\\w-]+>$`,
          ),
        );
        expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
        expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
        expect(mail.text).toContain(`Dear ${invitee.firstName} ${invitee.lastName},`);
        expect(mail.text).toMatch(new RegExp(`invitation code is\\s+${invitee.invitationCode}\\.`));
        expect(mail.html).toContain(`Dear ${invitee.firstName} ${invitee.lastName},`);
        expect(mail.html).toContain('Mail &lt;Chapter&gt;');
      }
    } finally {
      await smtp.close();
    }
  });

  it("a 5xx refusal fails the send with the server's answer; another 4xx waits and uses an attempt, with no deferred flag", async () => {
    const smtp = await startTestSmtp({
      refuse: (rcpt) =>
        rcpt.startsWith('student0@')
          ? { code: 550, message: 'No such user here' }
          : rcpt.startsWith('student1@')
            ? { code: 451, message: 'Try again later' }
            : null,
    });
    try {
      const { result } = await queueInvitations(3);
      const report = await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      expect(report).toMatchObject({ sent: 1, failed: 1, deferred: 1, throttled: 0 });
      const [refused, later, ok] = await sendsOf(result.sendIds);
      expect(refused).toMatchObject({ status: 'failed', rejected: true, sent: false });
      expect(refused!.sendStatusMessage).toMatch(/550.*No such user here/);
      expect(later).toMatchObject({ status: 'queued', deferred: false, attempts: 1 });
      expect(later!.retryAt!.getTime()).toBeGreaterThan(Date.now());
      expect(later!.sendStatusMessage).toMatch(/^Temporarily refused \(attempt 1 of 5\): .*451/);
      expect(ok).toMatchObject({ status: 'sent' });
      const events = await t.db
        .selectFrom('emailEvents')
        .select(['sendId', 'name', 'message'])
        .where('sendId', 'in', result.sendIds)
        .orderBy('id')
        .execute();
      expect(events.map((e) => [e.sendId, e.name])).toEqual(
        expect.arrayContaining([
          [refused!.id, 'rejected'],
          [ok!.id, 'sent'],
        ]),
      );
      expect(events.some((e) => e.name === 'deferred')).toBe(false);
      // Not before its time; then tried again on later passes, and given up after MAX_ATTEMPTS.
      expect(await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 })).toMatchObject({
        deferred: 0,
        sent: 0,
      });
      for (let i = 1; i < MAX_ATTEMPTS; i++) {
        await t.db.updateTable('emailSends').set({ retryAt: new Date() }).where('id', '=', later!.id).execute();
        await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { maxIdleMs: 0 });
      }
      expect((await sendsOf([later!.id]))[0]).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        deferred: false,
        sendStatusMessage: expect.stringMatching(/^Gave up after 5 attempts/),
      });
    } finally {
      await smtp.close();
    }
  });
});

describe('throttling is not failure', () => {
  it('SES answering 454 Throttling failure for a while: every invitee gets one email, none fails, no deferred flag, no attempt used', async () => {
    // SES's SMTP interface: `250 Ok <message id>`, then `454 Throttling failure` for THROTTLED_MS
    // (two minutes in the scenario; shorter here, the same code path), then accepting again.
    const THROTTLED_MS = 1500;
    let throttledUntil: number | null = null;
    let accepted = 0;
    let refusals = 0;
    const smtp = await startTestSmtp({
      reply: () => {
        if (accepted >= 3 && throttledUntil === null) throttledUntil = Date.now() + THROTTLED_MS;
        if (throttledUntil !== null && Date.now() < throttledUntil) {
          refusals++;
          return { code: 454, message: 'Throttling failure: Maximum sending rate exceeded.' };
        }
        accepted++;
        return { accept: `Ok 0100018c${String(accepted).padStart(8, '0')}-aaaa-bbbb-cccc-000000000000-000000` };
      },
    });
    try {
      const { result, invitationId, emails } = await queueInvitations(30);
      const started = Date.now();
      const report = await deliverQueuedEmails(
        t.db,
        { ...config, SMTP_URL: smtp.url, EMAIL_RATE_PER_SECOND: 200 },
        { connections: 3, throttleDelays: { baseMs: 50, maxMs: 400 } },
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(THROTTLED_MS);
      expect(refusals).toBeGreaterThan(0);
      expect(report).toMatchObject({ sent: 30, failed: 0, deferred: 0 });
      expect(report.throttled).toBe(refusals);
      // One email per invitee, each once.
      expect(smtp.messages).toHaveLength(30);
      expect(new Set(smtp.messages.map((m) => m.to[0]))).toEqual(new Set(emails.map((e) => e.to)));
      const rows = await sendsOf(result.sendIds);
      expect(
        rows.every(
          (r) => r.status === 'sent' && r.attempts === 1 && r.throttles === 0 && r.retryAt === null && !r.deferred,
        ),
      ).toBe(true);
      const flags = await t.db
        .selectFrom('invitees')
        .select(['emailDeferred', 'emailSent'])
        .where('invitationId', '=', invitationId)
        .execute();
      expect(flags.every((f) => f.emailSent && !f.emailDeferred)).toBe(true);
      const deferredEvents = await t.db
        .selectFrom('emailEvents')
        .select('id')
        .where('sendId', 'in', result.sendIds)
        .where('name', '=', 'deferred')
        .execute();
      expect(deferredEvents).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('a refused connection makes sends wait with growing delays and keep their attempts', async () => {
    const closed = await startTestSmtp();
    const url = closed.url;
    await closed.close();
    const { result } = await queueInvitations(2);
    const first = await deliverQueuedEmails(
      t.db,
      { ...config, SMTP_URL: url },
      { maxIdleMs: 0, throttleDelays: { baseMs: 60_000, maxMs: 3_600_000 } },
    );
    expect(first).toMatchObject({ sent: 0, failed: 0, throttled: 2 });
    let rows = await sendsOf(result.sendIds);
    expect(rows.map((r) => [r.status, r.attempts, r.throttles, r.deferred])).toEqual([
      ['queued', 0, 1, false],
      ['queued', 0, 1, false],
    ]);
    expect(rows[0]!.sendStatusMessage).toMatch(/^Waiting 60 s: the provider is throttling/);
    const firstWait = rows[0]!.retryAt!.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(50_000);
    await t.db.updateTable('emailSends').set({ retryAt: new Date() }).where('id', 'in', result.sendIds).execute();
    await deliverQueuedEmails(
      t.db,
      { ...config, SMTP_URL: url },
      { maxIdleMs: 0, throttleDelays: { baseMs: 60_000, maxMs: 3_600_000 } },
    );
    rows = await sendsOf(result.sendIds);
    expect(rows.map((r) => [r.status, r.attempts, r.throttles])).toEqual([
      ['queued', 0, 2],
      ['queued', 0, 2],
    ]);
    expect(rows[0]!.retryAt!.getTime() - Date.now()).toBeGreaterThan(110_000);
  });
});

describe('rate and daily quota', () => {
  it('spaces messages by EMAIL_RATE_PER_SECOND', async () => {
    await queueInvitations(11);
    const started = performance.now();
    const report = await deliverQueuedEmails(t.db, { ...config, EMAIL_RATE_PER_SECOND: 20 }, { connections: 4 });
    expect(report.sent).toBe(11);
    // 11 starts 50 ms apart: the last at 500 ms at the earliest.
    expect(performance.now() - started).toBeGreaterThanOrEqual(480);
  });

  it('stops at EMAIL_DAILY_QUOTA, counting what was sent in the last 24 hours; the rest waits', async () => {
    const { count } = await t.db
      .selectFrom('emailSends')
      .select(sql<number>`count(*)`.as('count'))
      .where('status', '=', 'sent')
      .where('sendAt', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow();
    // Sends older than 24 hours do not count.
    const { result } = await queueInvitations(2);
    await deliverQueuedEmails(t.db, config);
    await t.db
      .updateTable('emailSends')
      .set({ sendAt: sql`now() - interval '25 hours'` })
      .where('id', 'in', result.sendIds)
      .execute();

    const { result: next } = await queueInvitations(6);
    const report = await deliverQueuedEmails(t.db, { ...config, EMAIL_DAILY_QUOTA: Number(count) + 4 });
    expect(report).toMatchObject({ sent: 4, quotaReached: true });
    const statuses = (await sendsOf(next.sendIds)).map((r) => r.status);
    expect(statuses).toEqual(['sent', 'sent', 'sent', 'sent', 'queued', 'queued']);
    expect(await deliverQueuedEmails(t.db, { ...config, EMAIL_DAILY_QUOTA: Number(count) + 6 })).toMatchObject({
      sent: 2,
    });
  });

  it('one pass at a time: a second pass while one holds the lock does nothing', async () => {
    await queueInvitations(3);
    const [a, b] = await Promise.all([deliverQueuedEmails(t.db, config), deliverQueuedEmails(t.db, config)]);
    expect([a.locked, b.locked].sort()).toEqual([false, true]);
    expect(a.sent + b.sent).toBe(3);
  });
});

describe('a delivery process killed mid-batch and started again', () => {
  const childFile = fileURLToPath(new URL('../../test/deliver-child.ts', import.meta.url));
  const dbUrl = async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const url = new URL(inject('testDb').adminUrl);
    url.pathname = `/${rows[0]!.name}`;
    return url.toString();
  };
  function startChild(env: Record<string, string>): ChildProcess {
    const all: NodeJS.ProcessEnv = { ...process.env, ...env, PUBLIC_URL: config.PUBLIC_URL! };
    for (const [k, v] of Object.entries(all)) if (!v) delete all[k];
    const child = spawn(process.execPath, ['--import', 'tsx', childFile], {
      env: all,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
    return child;
  }
  /**
   * The next pass once the killed process's database session is gone: PostgreSQL drops its advisory lock
   * a moment after the kill (sooner or later on a busy machine), and until then a pass only says `locked`.
   */
  const passAfterKill = async (cfg: typeof config) => {
    for (let i = 0; i < 100; i++) {
      const report = await deliverQueuedEmails(t.db, cfg);
      if (!report.locked) return report;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the killed pass still holds the delivery lock after 10 s');
  };
  const exited = (child: ChildProcess) =>
    new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
    );

  it('over SMTP: loses none, and any repeat is one the server took just before the kill, with the same Message-ID', async () => {
    let child: ChildProcess | undefined;
    const smtp = await startTestSmtp({ onMessage: (n) => n === 150 && child?.kill('SIGKILL') });
    try {
      const { result, invitees } = await queueInvitations(400);
      child = startChild({ DATABASE_URL: await dbUrl(), SMTP_URL: smtp.url });
      await exited(child);
      expect(child.signalCode).toBe('SIGKILL');
      const before = smtp.count();
      expect(before).toBeGreaterThanOrEqual(150);
      expect(before).toBeLessThan(400);
      const inDoubt = await t.db
        .selectFrom('emailSends')
        .select('id')
        .where('id', 'in', result.sendIds)
        .where('status', '=', 'queued')
        .where('attempts', '>', 0)
        .execute();
      expect(inDoubt.length).toBeGreaterThan(0);

      const report = await passAfterKill({ ...config, SMTP_URL: smtp.url });
      const rows = await sendsOf(result.sendIds);
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      // None lost: every invitee received the message.
      const byRecipient = new Map<string, string[]>();
      for (const m of smtp.messages)
        byRecipient.set(m.to[0]!, [...(byRecipient.get(m.to[0]!) ?? []), m.headers['message-id']!]);
      expect(invitees.every((i) => byRecipient.has(i.email))).toBe(true);
      // Repeats: only sends the dead process had claimed, carrying the same Message-ID, at most what it had on the
      // wire: one per connection (deliver-child.ts opens 4).
      const repeats = [...byRecipient.values()].filter((ids) => ids.length > 1);
      expect(repeats.every((ids) => ids.length === 2 && ids[0] === ids[1])).toBe(true);
      expect(repeats.length).toBeLessThanOrEqual(4);
      expect(report.sent + before - repeats.length).toBe(400);
    } finally {
      child?.kill('SIGKILL');
      await smtp.close();
    }
  }, 60_000);

  it('a send the dead pass had marked accepted is recorded as sent with its reply, and not sent again', async () => {
    const { result } = await queueInvitations(3);
    const [marked, ...others] = result.sendIds;
    // What the dead pass left: claimed (attempts 1), accepted and marked, its outcome not yet written.
    await t.db
      .updateTable('emailSends')
      .set({
        attempts: 1,
        sendAt: new Date(),
        messageId: '<marked@society.example>',
        sendStatusMessage: '250 Ok 0100-abc',
      })
      .where('id', '=', marked!)
      .execute();
    const smtp = await startTestSmtp();
    try {
      const report = await deliverQueuedEmails(t.db, { ...config, SMTP_URL: smtp.url }, { connections: 2 });
      expect(report.sent).toBe(2);
      expect(smtp.messages.map((m) => m.headers['message-id'])).not.toContain('<marked@society.example>');
      expect(smtp.count()).toBe(others.length);
      const [row] = await sendsOf([marked!]);
      expect(row).toMatchObject({ status: 'sent', sent: true, messageId: '<marked@society.example>' });
      const events = await t.db
        .selectFrom('emailEvents')
        .select(['name', 'message'])
        .where('sendId', '=', marked!)
        .execute();
      expect(events).toEqual([{ name: 'sent', message: '250 Ok 0100-abc' }]);
    } finally {
      await smtp.close();
    }
  });

  it('to the outbox: exactly once', async () => {
    const { result } = await queueInvitations(400);
    const child = startChild({ DATABASE_URL: await dbUrl(), SMTP_URL: '' });
    await vi.waitFor(
      async () => {
        const { n } = await t.db
          .selectFrom('emailOutbox')
          .select(sql<number>`count(*)`.as('n'))
          .where('sendId', 'in', result.sendIds)
          .executeTakeFirstOrThrow();
        expect(Number(n)).toBeGreaterThanOrEqual(150);
      },
      { timeout: 30_000, interval: 5 },
    );
    child.kill('SIGKILL');
    await exited(child);
    const queued = await t.db
      .selectFrom('emailSends')
      .select('id')
      .where('id', 'in', result.sendIds)
      .where('status', '=', 'queued')
      .execute();
    expect(queued.length).toBeGreaterThan(0);
    await passAfterKill(config);
    const outbox = await t.db
      .selectFrom('emailOutbox')
      .select('sendId')
      .where('sendId', 'in', result.sendIds)
      .execute();
    expect(outbox).toHaveLength(400);
    expect((await sendsOf(result.sendIds)).every((r) => r.status === 'sent')).toBe(true);
  }, 60_000);
});
