import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { createDb, type DB } from '../../server/src/db/database.js';
import { createJobQueue, type AppJobs } from '../../server/src/jobs/registry.js';
import { loadConfig } from '../../server/src/config.js';
import { createStorage } from '../../server/src/plugins/storage.js';
import { deliverQueuedEmails } from '../../server/src/services/mail/deliver.js';
import { startTestSmtp } from '../../server/src/test/smtp.js';
import { sendReminder, startDueReminders } from '../../server/src/services/reminders/send-reminder.js';
import { startWorkerProcess, type WorkerProcess } from '../../server/src/test/worker-process.js';
import { MJML, startSink } from './email.js';
import { report, type Bench } from './harness.js';

const INVITEES = Number(process.env.BENCH_REMINDER_INVITEES ?? 100_000);
const CONNECTIONS = 10;
const noJobs = { send: async () => null } as unknown as AppJobs;

/** A Ready invitation with INVITEES valid invitees, an Invitation template and a reminder due now. */
export async function seed(db: Kysely<DB>, run: string, invitees = INVITEES): Promise<number> {
  const values = {
    subject: 'Your invitation, {{firstName}}',
    body: MJML,
    bodyFormat: 'mjml' as const,
    preview: 'Membership invitation',
    fromName: 'Honor Society',
    fromEmail: 'invite@society.example',
    replyToEmail: 'help@society.example',
  };
  const template = await db
    .insertInto('emailTemplates')
    .values({ name: `Bench reminder ${run}`, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('emailTemplateVersions')
    .values({ templateId: template.id, version: 1, ...values })
    .execute();
  const { rows } = await sql<{ institutionId: number; chapterId: number }>`
    with i as (insert into institutions (name, type, abbreviation, ownership) values (${`Bench Reminder College ${run}`}, 'College/University', 'BRC', 'Public') returning id),
    c as (insert into chapters (name, abbreviation, institution_id) select ${`Bench Reminder Chapter ${run}`}, 'BRH', i.id from i returning id, institution_id)
    select institution_id, id as chapter_id from c`.execute(db);
  const invitation = await db
    .insertInto('invitations')
    .values({
      chapterId: rows[0]!.chapterId,
      institutionId: rows[0]!.institutionId,
      deadline: '2030-01-31',
      orientationDate: '2030-02-15',
      status: 'Ready',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into invitees (invitation_id, first_name, last_name, email, invitation_code)
    select ${invitation.id}, 'First' || n, 'Last' || n, 'r' || n || '@bench-' || ${run} || '.example', 'R' || ${run} || '-' || n
    from generate_series(1, ${invitees}) n`.execute(db);
  const reminder = await db
    .insertInto('invitationEmails')
    .values({ invitationId: invitation.id, templateId: template.id, sendScheduledAt: new Date(Date.now() - 60_000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return reminder.id;
}

/**
 * One reminder to 100,000 invitees end to end (spec 02 reminders; issue target: over 500 messages/s into
 * an SMTP sink): the minute's pass claims it, the send job selects and queues every recipient (tokens
 * resolved per batch, one send-log row each), then a delivery pass renders, personalises and sends them
 * over 10 SMTP connections to a sink in its own process. Prints each phase and the whole.
 */
export async function benchReminders(bench: Bench): Promise<boolean> {
  const db = bench.db as Kysely<DB>;
  const run = Date.now().toString(36);
  console.log(
    `\nReminder (${INVITEES.toLocaleString('en-US')} invitees, one MJML template, SMTP sink on 127.0.0.1, ${CONNECTIONS} connections)`,
  );
  const reminderId = await seed(db, run);
  const smtp = await startSink();
  try {
    const t0 = performance.now();
    const started = await startDueReminders(db, noJobs);
    if (!started.includes(reminderId)) throw new Error('The reminder was not claimed');
    const queued = await sendReminder(db, noJobs, reminderId, { lastAttempt: true });
    const queueSeconds = (performance.now() - t0) / 1000;
    const config = {
      PORT: 3000,
      PUBLIC_URL: 'https://admin.society.example',
      SMTP_URL: smtp.url,
      EMAIL_RATE_PER_SECOND: 100_000,
      EMAIL_DAILY_QUOTA: 1_000_000_000,
    };
    const td = performance.now();
    const delivered = await deliverQueuedEmails(db, config, { connections: CONNECTIONS });
    const deliverSeconds = (performance.now() - td) / 1000;
    const total = (performance.now() - t0) / 1000;
    const received = await smtp.count();
    report(
      'select and queue (claim, tokens, send log)',
      `${queued?.queued.toLocaleString('en-US')} in ${queueSeconds.toFixed(1)} s (${Math.round(INVITEES / queueSeconds).toLocaleString('en-US')}/s)`,
      true,
      'phase',
    );
    report(
      'delivery pass (render, personalise, SMTP)',
      `${delivered.sent.toLocaleString('en-US')} in ${deliverSeconds.toFixed(1)} s (${Math.round(delivered.sent / deliverSeconds).toLocaleString('en-US')} msgs/s)`,
      true,
      'phase',
    );
    const rate = received / total;
    return report(
      'reminder end to end (due -> SMTP sink)',
      `${Math.round(rate).toLocaleString('en-US')} msgs/s (${received.toLocaleString('en-US')} in ${total.toFixed(1)} s)`,
      rate > 500 && received === INVITEES,
      '> 500 msgs/s',
    );
  } finally {
    await smtp.close();
  }
}

const CRASH_INVITEES = 10_000;
/** Issue 37: a kill repeats at most the messages on the wire, 10 at most; before, up to 25 accepted but unrecorded + 5. */
const IN_FLIGHT = 10;
const FLUSH_BEFORE = 30;

/**
 * A crash in the middle of a reminder (issue 29): a real worker process (`npm run worker`) sends a
 * reminder to 10,000 invitees over SMTP, is killed with SIGKILL after 5,000 messages and started again.
 * Prints how long sending stopped, and the messages lost and sent twice. Runs on a database of its own,
 * so no other worker (the bench server's) takes part.
 */
export async function benchReminderCrash(bench: Bench): Promise<boolean> {
  console.log(
    `\nReminder crash (${CRASH_INVITEES.toLocaleString('en-US')} invitees, worker process killed with SIGKILL after half, then started again)`,
  );
  await bench.server.drop('bench_crash');
  const url = await bench.server.ensureMigrated('bench_crash');
  const db = createDb(url, 4);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-crash-'));
  const arrivals: number[] = [];
  let worker: WorkerProcess | undefined;
  let killedAt = 0;
  const smtp = await startTestSmtp({
    onMessage: (n) => {
      arrivals.push(Date.now());
      if (n === CRASH_INVITEES / 2) {
        killedAt = Date.now();
        worker!.child.kill('SIGKILL');
      }
    },
  });
  const env = {
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    EMAIL_RATE_PER_SECOND: '2000',
    PUBLIC_URL: 'https://admin.society.example',
    LOG_LEVEL: 'warn',
  };
  try {
    const reminderId = await seed(db, Date.now().toString(36), CRASH_INVITEES);
    const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test' });
    const sender = createJobQueue({
      connectionString: url,
      services: { db, storage: await createStorage(config), config },
      work: false,
      poolSize: 2,
    });
    await sender.start(pino({ level: 'silent' }));
    await startDueReminders(db, sender);
    await sender.stop();
    worker = startWorkerProcess(env);
    while (!killedAt) await new Promise((r) => setTimeout(r, 50));
    await worker.exited;
    worker = startWorkerProcess(env);
    const recipients = () => new Set(smtp.messages.map((m) => m.to[0])).size;
    const deadline = Date.now() + 180_000;
    while (recipients() < CRASH_INVITEES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const resumedAt = arrivals.find((at) => at > killedAt + 200);
    const resumed = resumedAt ? (resumedAt - killedAt) / 1000 : Infinity;
    const lost = CRASH_INVITEES - recipients();
    const duplicated = smtp.messages.length - recipients();
    const { status } = await db
      .selectFrom('invitationEmails')
      .select('sendStatus as status')
      .where('id', '=', reminderId)
      .executeTakeFirstOrThrow();
    return report(
      'SIGKILL mid-reminder, restart: sending resumed after',
      `${resumed.toFixed(1)} s; lost ${lost}, duplicated ${duplicated} (on the wire at the kill); reminder ${status}`,
      resumed < 60 && lost === 0 && duplicated <= IN_FLIGHT && status === 'Success',
      `< 60 s, 0 lost, <= ${IN_FLIGHT} duplicated (${FLUSH_BEFORE} before issue 37)`,
    );
  } finally {
    await worker?.kill();
    await smtp.close();
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
    await bench.server.drop('bench_crash');
  }
}
