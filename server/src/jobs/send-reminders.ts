import { defineJob } from './define-job.js';
import { sendReminder, startDueReminders } from '../services/reminders/send-reminder.js';
import { runTickler } from '../services/reminders/tickler.js';
import { checkGuards } from '../services/deliverability/guard-pauses.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'start-due-reminders': Record<string, never>;
    'send-reminder': { reminderId: number };
    'send-tickler': Record<string, never>;
  }
}

/**
 * Checks the bounce and complaint guards, then starts the reminders whose hour has come, every minute (a reminder saved for the current hour is also
 * started at once by its save). `stately`: one pass queued and one running at most.
 */
export const startDueRemindersJob = defineJob({
  name: 'start-due-reminders',
  cron: { expression: '* * * * *', tz: 'UTC' },
  policy: 'stately',
  expireInSeconds: 5 * 60,
  async run(_data: Record<string, never>, { db, log, jobs, config }) {
    // The bounce and complaint guards first: a campaign over its limits starts nothing new.
    const paused = await checkGuards(db, jobs, config);
    if (paused.length) log.warn({ pauses: paused }, 'bounce or complaint guard paused reminders');
    const started = await startDueReminders(db, jobs);
    if (started.length) log.info({ reminders: started }, 'reminders started');
  },
});

/** Sends one started reminder (services/reminders/send-reminder.ts): at most once per invitee, resumable. */
export const sendReminderJob = defineJob({
  name: 'send-reminder',
  expireInSeconds: 60 * 60,
  // Each attempt resumes after the invitees already queued, so retries are cheap; a worker that died is
  // noticed by the heartbeat monitor and its attempt retried 5 s later (doubling).
  retry: { limit: 5, delaySeconds: 5, backoff: true, maxDelaySeconds: 600 },
  async run({ reminderId }: { reminderId: number }, { db, log, jobs, signal, job }) {
    await sendReminder(db, jobs, reminderId, { lastAttempt: job.retryCount >= job.retryLimit, log, signal });
  },
});

/** The tickler (spec 02 §4), hourly: pledged 3+ days ago, not paid, once per invitee. */
export const ticklerJob = defineJob({
  name: 'send-tickler',
  cron: { expression: '17 * * * *', tz: 'UTC' },
  policy: 'stately',
  expireInSeconds: 60 * 60,
  async run(_data: Record<string, never>, { db, log, jobs, signal }) {
    await runTickler(db, jobs, { log, signal });
  },
});
