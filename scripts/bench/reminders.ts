import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/src/db/database.js';
import type { AppJobs } from '../../server/src/jobs/registry.js';
import { deliverQueuedEmails } from '../../server/src/services/mail/deliver.js';
import { sendReminder, startDueReminders } from '../../server/src/services/reminders/send-reminder.js';
import { MJML, startSink } from './email.js';
import { report, type Bench } from './harness.js';

const INVITEES = Number(process.env.BENCH_REMINDER_INVITEES ?? 100_000);
const CONNECTIONS = 10;
const noJobs = { send: async () => null } as unknown as AppJobs;

/** A Ready invitation with INVITEES valid invitees, an Invitation template and a reminder due now. */
async function seed(db: Kysely<DB>, run: string): Promise<number> {
  const values = { subject: 'Your invitation, {{firstName}}', body: MJML, bodyFormat: 'mjml' as const, preview: 'Membership invitation', fromName: 'Honor Society', fromEmail: 'invite@society.example', replyToEmail: 'help@society.example' };
  const template = await db.insertInto('emailTemplates').values({ name: `Bench reminder ${run}`, ...values }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('emailTemplateVersions').values({ templateId: template.id, version: 1, ...values }).execute();
  const { rows } = await sql<{ institutionId: number; chapterId: number }>`
    with i as (insert into institutions (name, type, abbreviation, ownership) values (${`Bench Reminder College ${run}`}, 'College/University', 'BRC', 'Public') returning id),
    c as (insert into chapters (name, abbreviation, institution_id) select ${`Bench Reminder Chapter ${run}`}, 'BRH', i.id from i returning id, institution_id)
    select institution_id, id as chapter_id from c`.execute(db);
  const invitation = await db
    .insertInto('invitations')
    .values({ chapterId: rows[0]!.chapterId, institutionId: rows[0]!.institutionId, deadline: '2030-01-31', orientationDate: '2030-02-15', status: 'Ready' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into invitees (invitation_id, first_name, last_name, email, invitation_code)
    select ${invitation.id}, 'First' || n, 'Last' || n, 'r' || n || '@bench-' || ${run} || '.example', 'R' || ${run} || '-' || n
    from generate_series(1, ${INVITEES}) n`.execute(db);
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
  console.log(`\nReminder (${INVITEES.toLocaleString('en-US')} invitees, one MJML template, SMTP sink on 127.0.0.1, ${CONNECTIONS} connections)`);
  const reminderId = await seed(db, run);
  const smtp = await startSink();
  try {
    const t0 = performance.now();
    const started = await startDueReminders(db, noJobs);
    if (!started.includes(reminderId)) throw new Error('The reminder was not claimed');
    const queued = await sendReminder(db, noJobs, reminderId, { lastAttempt: true });
    const queueSeconds = (performance.now() - t0) / 1000;
    const config = { PORT: 3000, PUBLIC_URL: 'https://admin.society.example', SMTP_URL: smtp.url, EMAIL_RATE_PER_SECOND: 100_000, EMAIL_DAILY_QUOTA: 1_000_000_000 };
    const td = performance.now();
    const delivered = await deliverQueuedEmails(db, config, { connections: CONNECTIONS });
    const deliverSeconds = (performance.now() - td) / 1000;
    const total = (performance.now() - t0) / 1000;
    const received = await smtp.count();
    report('select and queue (claim, tokens, send log)', `${queued?.queued.toLocaleString('en-US')} in ${queueSeconds.toFixed(1)} s (${Math.round(INVITEES / queueSeconds).toLocaleString('en-US')}/s)`, true, 'phase');
    report('delivery pass (render, personalise, SMTP)', `${delivered.sent.toLocaleString('en-US')} in ${deliverSeconds.toFixed(1)} s (${Math.round(delivered.sent / deliverSeconds).toLocaleString('en-US')} msgs/s)`, true, 'phase');
    const rate = received / total;
    return report('reminder end to end (due -> SMTP sink)', `${Math.round(rate).toLocaleString('en-US')} msgs/s (${received.toLocaleString('en-US')} in ${total.toFixed(1)} s)`, rate > 500 && received === INVITEES, '> 500 msgs/s');
  } finally {
    await smtp.close();
  }
}
