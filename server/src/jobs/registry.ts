import { purgeUploads } from './purge-uploads.js';
import { purgeAuditLog } from './purge-audit-log.js';
import { deliverEmails } from './deliver-emails.js';
import { applyEmailEvents } from './apply-email-events.js';
import { applyStripeEvents } from './apply-stripe-events.js';
import { processInvitationDatabaseJob } from './process-invitation-database.js';
import { sendReminderJob, startDueRemindersJob, ticklerJob } from './send-reminders.js';
import { uploadPostalMails } from './upload-postal-mails.js';
import { deleteAiVideoJob, generateAiVideoJob, pollAiVideoJob } from './ai-video.js';
import { runImportJob } from './run-import.js';
import { forgotPasswordLinkJob } from './forgot-password-link.js';
import { privacyEraseJob, privacyExportJob } from './privacy-requests.js';
import { privacyRetentionJob } from './privacy-retention.js';
import { checkSendingDnsJob } from './check-sending-dns.js';
import { issueBadgesJob } from './issue-badges.js';
import { JobQueue, type JobQueueOptions } from './queue.js';
import type { JobDataByName } from '../db/job-queue.js';

/** Every job the app runs: a new job is one file (see define-job.ts) and one entry here. */
export const jobDefinitions = [
  purgeUploads,
  purgeAuditLog,
  deliverEmails,
  applyEmailEvents,
  applyStripeEvents,
  processInvitationDatabaseJob,
  uploadPostalMails,
  startDueRemindersJob,
  sendReminderJob,
  ticklerJob,
  generateAiVideoJob,
  pollAiVideoJob,
  deleteAiVideoJob,
  runImportJob,
  forgotPasswordLinkJob,
  privacyExportJob,
  privacyEraseJob,
  privacyRetentionJob,
  checkSendingDnsJob,
  issueBadgesJob,
] as const;

export type RegisteredJob = (typeof jobDefinitions)[number];
export type { AppJobs } from '../db/job-queue.js';

// Checked here: every registered job declares its data in JobDataByName as its `run` takes it, and every
// declaration is a registered job.
type RegisteredData = { [J in RegisteredJob as J['name']]: Parameters<J['run']>[0] };
const declaredAsRegistered: [RegisteredData, JobDataByName] extends [JobDataByName, RegisteredData] ? true : never =
  true;
void declaredAsRegistered;

/** The app's queue with every registered job (server.ts and worker.ts start it). */
export function createJobQueue(options: Omit<JobQueueOptions<RegisteredJob>, 'definitions'>): JobQueue<RegisteredJob> {
  return new JobQueue({ ...options, definitions: jobDefinitions });
}
