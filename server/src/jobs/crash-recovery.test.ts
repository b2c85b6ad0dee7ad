import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { DB } from '../db/database.js';
import { makeInvitees, makeTemplateVersion, templateIdOf } from '../test/mail-fixtures.js';
import { startTestSmtp } from '../test/smtp.js';
import { startDueReminders } from '../services/reminders/send-reminder.js';
import { DEFAULT_CONNECTIONS } from '../services/mail/deliver.js';
import { createTestApp, type TestApp } from '../test/helper.js';
import { startWorkerProcess, type WorkerProcess } from '../test/worker-process.js';
import { defineJob } from './define-job.js';
import { JobQueue } from './queue.js';
import { createJobQueue } from './registry.js';
import { startTestQueue } from '../test/queue.js';

/*
 * A process that dies (SIGKILL: a crash, an out-of-memory kill, a lost machine) holds its jobs `active`.
 * Every job beats while it runs; the supervisor fails a job whose beats stopped and it is retried, so the
 * work is taken up again within seconds, by another worker or by the same process started again.
 */

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = await mkdtemp(join(tmpdir(), 'crash-recovery-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const dbUrl = async () => {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const url = new URL(inject('testDb').adminUrl);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
};

describe('a job whose worker died', () => {
  const runs: string[] = [];
  const once = defineJob({
    name: 'test-crash-once',
    policy: 'singleton',
    retry: { limit: 3, delaySeconds: 1, backoff: true, maxDelaySeconds: 2 },
    async run({ n }: { n: number }) {
      runs.push(`run ${n}`);
    },
  });

  it('is failed by the supervisor and run again by a live worker within a minute; its singleton queue is not blocked meanwhile', async () => {
    // The dead worker: a queue that only sends, and claims the job without ever beating or finishing it.
    const dead = new JobQueue({
      connectionString: await dbUrl(),
      definitions: [once],
      services: { db: t.db as Kysely<DB>, storage: t.app.storage, config: t.config },
      work: false,
      poolSize: 2,
    });
    await dead.start(pino({ level: 'silent' }));
    const id = await dead.send('test-crash-once', { n: 1 });
    const [claimed] = await dead.boss.fetch('test-crash-once');
    expect(claimed?.id).toBe(id);
    await dead.stop();
    const diedAt = Date.now();

    const { queue } = await startTestQueue(t, [once]);
    try {
      const next = await queue.send('test-crash-once', { n: 2 });
      await vi.waitFor(() => expect(runs).toEqual(expect.arrayContaining(['run 1', 'run 2'])), {
        timeout: 60_000,
        interval: 100,
      });
      expect(Date.now() - diedAt).toBeLessThan(60_000);
      const [first] = await queue.boss.findJobs('test-crash-once', { id: id! });
      expect(first).toMatchObject({ state: 'completed', retryCount: 1 });
      const [second] = await queue.boss.findJobs('test-crash-once', { id: next! });
      expect(second?.state).toBe('completed');
      // Exactly once each: the claim the dead worker held was failed, not run twice.
      expect(runs.filter((r) => r === 'run 1')).toHaveLength(1);
    } finally {
      await queue.stop();
    }
  }, 90_000);
});

describe('a worker process killed in the middle of a reminder', () => {
  const INVITEES = 1200;
  const KILL_AT = 300;
  // A kill repeats at most the messages on the wire: one per open connection of the default pool
  // (EMAIL_SMTP_CONNECTIONS unset), which issue 37 bounds at 10.
  const IN_FLIGHT = DEFAULT_CONNECTIONS;
  const startWorker = (env: Record<string, string>) =>
    startWorkerProcess({ DATA_DIR: dataDir, EMAIL_RATE_PER_SECOND: '200', PUBLIC_URL: 'http://127.0.0.1:1', ...env });

  /** An invitation Ready with `INVITEES` invitees and a reminder due now, started as the minute's pass would. */
  async function dueReminder(url: string) {
    const versionId = await makeTemplateVersion(t.db);
    const templateId = await templateIdOf(t.db, versionId);
    const { invitationId, invitees } = await makeInvitees(t.db, INVITEES, `crash${versionId}.example`);
    await t.db.updateTable('invitations').set({ status: 'Ready' }).where('id', '=', invitationId).execute();
    const reminder = await t.db
      .insertInto('invitationEmails')
      .values({
        invitationId,
        templateId,
        sendScheduledAt: new Date(Date.now() - 60_000),
        inviteCount: 'All',
        testValue: 'All',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sender = createJobQueue({
      connectionString: url,
      services: { db: t.db as Kysely<DB>, storage: t.app.storage, config: t.config },
      work: false,
      poolSize: 2,
    });
    await sender.start(pino({ level: 'silent' }));
    expect(await startDueReminders(t.db, sender)).toContain(reminder.id);
    await sender.stop();
    return { reminderId: reminder.id, invitees };
  }

  async function expectDeliveredOnce(
    smtp: Awaited<ReturnType<typeof startTestSmtp>>,
    invitees: { email: string }[],
    reminderId: number,
    kills: number,
  ) {
    const unsent = async () => {
      const { queued } = await t.db
        .selectFrom('emailSends')
        .select(sql<number>`count(*) filter (where status <> 'sent')`.as('queued'))
        .where('source', '=', 'invitation_email')
        .where('sourceId', '=', String(reminderId))
        .executeTakeFirstOrThrow();
      return Number(queued);
    };
    // Every address arrives first; the sends the dead process had marked accepted but not yet recorded are
    // only recorded when the claim is taken up, so wait for the record too.
    await vi.waitFor(
      async () => {
        expect(new Set(smtp.messages.map((m) => m.to[0])).size).toBe(INVITEES);
        expect(await unsent()).toBe(0);
      },
      { timeout: 90_000, interval: 200 },
    );
    const perRecipient = new Map<string, number>();
    for (const m of smtp.messages) perRecipient.set(m.to[0]!, (perRecipient.get(m.to[0]!) ?? 0) + 1);
    // None lost; a repeat only for what the SMTP server had taken when the process died.
    expect(invitees.every((i) => perRecipient.get(i.email)! >= 1)).toBe(true);
    const duplicates = [...perRecipient.values()].reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(kills * IN_FLIGHT);
    const reminder = await t.db
      .selectFrom('invitationEmails')
      .select(['sendStatus', 'recipients'])
      .where('id', '=', reminderId)
      .executeTakeFirstOrThrow();
    expect(reminder).toEqual({ sendStatus: 'Success', recipients: INVITEES });
    return duplicates;
  }

  const resumedAfter = (smtp: { arrivals: number[] }, killedAt: number) => {
    const next = smtp.arrivals.find((at) => at > killedAt + 200);
    expect(next, 'no message arrived after the kill').toBeDefined();
    return next! - killedAt;
  };

  function smtpWithArrivals(onMessage: (n: number) => void) {
    const arrivals: number[] = [];
    return startTestSmtp({
      onMessage: (n) => {
        arrivals.push(Date.now());
        onMessage(n);
      },
    }).then((smtp) => Object.assign(smtp, { arrivals }));
  }

  it('another worker takes the delivery over within a minute: every invitee one email, repeats at most those in flight', async () => {
    const workers: WorkerProcess[] = [];
    let killedAt = 0;
    const smtp = await smtpWithArrivals((n) => {
      if (n !== KILL_AT) return;
      const holder = workers.find((w) => w.delivering() > 0) ?? workers[0]!;
      killedAt = Date.now();
      holder.child.kill('SIGKILL');
    });
    try {
      const url = await dbUrl();
      const { reminderId, invitees } = await dueReminder(url);
      for (let i = 0; i < 2; i++) workers.push(startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url }));
      expect(DEFAULT_CONNECTIONS).toBeLessThanOrEqual(10);
      const duplicates = await expectDeliveredOnce(smtp, invitees, reminderId, 1);
      expect(killedAt).toBeGreaterThan(0);
      const resumed = resumedAfter(smtp, killedAt);
      expect(resumed).toBeLessThan(60_000);
      console.info(`another worker: resumed ${(resumed / 1000).toFixed(1)} s after the kill, ${duplicates} duplicates`);
    } finally {
      await Promise.all(workers.map((w) => w.kill()));
      await smtp.close();
    }
  }, 150_000);

  it('SIGTERM: the worker hands the delivery back within SHUTDOWN_SECONDS and exits 0; the next worker finishes it, no duplicate', async () => {
    const SHUTDOWN_SECONDS = 4;
    let worker: WorkerProcess | undefined;
    let stoppedAt = 0;
    const smtp = await smtpWithArrivals((n) => {
      if (n !== KILL_AT) return;
      stoppedAt = Date.now();
      worker!.child.kill('SIGTERM');
    });
    try {
      const url = await dbUrl();
      const { reminderId, invitees } = await dueReminder(url);
      worker = startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url, SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS) });
      await vi.waitFor(() => expect(stoppedAt).toBeGreaterThan(0), { timeout: 60_000, interval: 50 });
      await worker.exited;
      const exitedAfter = Date.now() - stoppedAt;
      expect(worker.child.exitCode).toBe(0);
      expect(exitedAfter).toBeLessThan(SHUTDOWN_SECONDS * 1000);
      const sentBeforeRestart = smtp.messages.length;
      // Stopped, not finished: the rest of the reminder waits, and no delivery pass is left claimed by the dead process.
      expect(sentBeforeRestart).toBeLessThan(INVITEES);
      const active = await sql<{
        n: number;
      }>`select count(*)::int as n from pgboss.job where name = 'deliver-emails' and state = 'active'`.execute(t.db);
      expect(active.rows[0]!.n).toBe(0);

      worker = startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url });
      const duplicates = await expectDeliveredOnce(smtp, invitees, reminderId, 0);
      expect(duplicates).toBe(0);
      console.info(
        `SIGTERM: exited 0 ${(exitedAfter / 1000).toFixed(1)} s after it, ${sentBeforeRestart} sent before, no duplicates`,
      );
    } finally {
      await worker?.kill();
      await smtp.close();
    }
  }, 150_000);

  it('the same process started again takes it up within a minute', async () => {
    let worker: WorkerProcess | undefined;
    let killedAt = 0;
    const smtp = await smtpWithArrivals((n) => {
      if (n !== KILL_AT) return;
      killedAt = Date.now();
      worker!.child.kill('SIGKILL');
    });
    try {
      const url = await dbUrl();
      const { reminderId, invitees } = await dueReminder(url);
      worker = startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url });
      await vi.waitFor(() => expect(killedAt).toBeGreaterThan(0), { timeout: 60_000, interval: 50 });
      await worker.exited;
      worker = startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url });
      const duplicates = await expectDeliveredOnce(smtp, invitees, reminderId, 1);
      const resumed = resumedAfter(smtp, killedAt);
      expect(resumed).toBeLessThan(60_000);
      console.info(
        `restarted process: resumed ${(resumed / 1000).toFixed(1)} s after the kill, ${duplicates} duplicates`,
      );
    } finally {
      await worker?.kill();
      await smtp.close();
    }
  }, 150_000);
});
