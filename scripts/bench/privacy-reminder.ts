import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/db/database.js';
import type { AppJobs } from '../../server/src/jobs/registry.js';
import { deliverQueuedEmails } from '../../server/src/services/mail/deliver.js';
import { sendReminder, startDueReminders } from '../../server/src/services/reminders/send-reminder.js';
import { startSink } from './email.js';
import { seed } from './reminders.js';

const INVITEES = Number(process.env.BENCH_PRIVACY_REMINDER ?? 20_000);
const noJobs = { send: async () => null } as unknown as AppJobs;

/** One reminder to INVITEES invitees, due -> queued -> delivered to an SMTP sink: its messages per second. */
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
    await deliverQueuedEmails(
      db,
      {
        PORT: 3000,
        PUBLIC_URL: 'https://admin.society.example',
        SMTP_URL: smtp.url,
        EMAIL_RATE_PER_SECOND: 100_000,
        EMAIL_DAILY_QUOTA: 1_000_000_000,
      },
      { connections: 10 },
    );
    const seconds = (performance.now() - t0) / 1000;
    const sent = await smtp.count();
    return { sent, seconds, rate: sent / seconds };
  } finally {
    await smtp.close();
  }
}
