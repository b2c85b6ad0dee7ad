import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/src/db/database.js';
import type { AppJobs } from '../../server/src/jobs/registry.js';
import { deliverQueuedEmails } from '../../server/src/services/mail/deliver.js';
import { sendReminder, startDueReminders } from '../../server/src/services/reminders/send-reminder.js';
import { startSink } from './email.js';
import { seed } from './reminders.js';

const INVITEES = Number(process.env.BENCH_PRIVACY_REMINDER ?? 20_000);
const noJobs = { send: async () => null } as unknown as AppJobs;
const MAIL = {
  PORT: 3000,
  PUBLIC_URL: 'https://admin.society.example',
  SMTP_URL: '',
  EMAIL_RATE_PER_SECOND: 100_000,
  EMAIL_DAILY_QUOTA: 1_000_000_000,
};

/** One reminder to INVITEES invitees, due -> queued -> sent (at most 10 minutes): its messages per second. */
export async function timedReminder(
  db: Kysely<DB>,
  run: string,
): Promise<{ sent: number; seconds: number; rate: number }> {
  const reminderId = await seed(db, run, INVITEES);
  const smtp = await startSink();
  try {
    const t0 = performance.now();
    if (!(await startDueReminders(db, noJobs)).includes(reminderId)) throw new Error('The reminder was not claimed');
    await sendReminder(db, noJobs, reminderId, { lastAttempt: true });
    // Whoever delivers (this pass into the sink, or the bench server's worker when it holds the delivery lock),
    // the reminder is done when none of its sends is still queued.
    const left = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from email_sends
        where source = 'invitation_email' and source_id = ${String(reminderId)} and status = 'queued'`.execute(db);
      return rows[0]!.n;
    };
    const deadline = Date.now() + 600_000;
    while ((await left()) > 0 && Date.now() < deadline) {
      const pass = await deliverQueuedEmails(db, { ...MAIL, SMTP_URL: smtp.url }, { connections: 10 });
      if (pass.locked) await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from email_sends
      where source = 'invitation_email' and source_id = ${String(reminderId)} and status = 'sent'`.execute(db);
    const sent = rows[0]!.n;
    return { sent, seconds, rate: sent / seconds };
  } finally {
    await smtp.close();
  }
}
