import { purgeUploads } from './purge-uploads.js';
import { purgeAuditLog } from './purge-audit-log.js';
import { deliverEmails } from './deliver-emails.js';
import { applyEmailEvents } from './apply-email-events.js';
import { processInvitationDatabaseJob } from './process-invitation-database.js';
import { sendReminderJob, startDueRemindersJob, ticklerJob } from './send-reminders.js';
import { uploadPostalMails } from './upload-postal-mails.js';
import { deleteAiVideoJob, generateAiVideoJob, pollAiVideoJob } from './ai-video.js';
import { runImportJob } from './run-import.js';
import { JobQueue, type Jobs, type JobQueueOptions } from './queue.js';

/** Every job the app runs: a new job is one file (see define-job.ts) and one entry here. */
export const jobDefinitions = [purgeUploads, purgeAuditLog, deliverEmails, applyEmailEvents, processInvitationDatabaseJob, uploadPostalMails, startDueRemindersJob, sendReminderJob, ticklerJob, generateAiVideoJob, pollAiVideoJob, deleteAiVideoJob, runImportJob] as const;

export type RegisteredJob = (typeof jobDefinitions)[number];
/** `app.jobs`: sends any registered job, its data type checked by name. */
export type AppJobs = Jobs<RegisteredJob>;

/** The app's queue with every registered job (server.ts and worker.ts start it). */
export function createJobQueue(options: Omit<JobQueueOptions<RegisteredJob>, 'definitions'>): JobQueue<RegisteredJob> {
  return new JobQueue({ ...options, definitions: jobDefinitions });
}
