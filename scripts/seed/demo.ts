import { seedInstitutions, seedScaleInstitutions } from './institutions.js';
import { seedScaleMembers } from './members.js';
import { seedChapters, seedEvents, seedScaleEvents } from './chapters-and-events.js';
import { seedBlockedEmails, seedEmailTemplates, seedInvitationEmails } from './email.js';
import { seedInvitations, seedScaleInvitations, seedTestVariables } from './invitations.js';
import { seedInvitationDatabases } from './invitation-databases.js';
import { seedPostalMails } from './postal-mails.js';
import { seedPayments, seedPledges } from './payments.js';
import { seedQuizzesAndSurveys } from './quizzes.js';
import { seedAssessments } from './assessments.js';
import { seedPrograms } from './programs.js';
import { seedLessons } from './lessons.js';
import { seedAiVideos } from './ai-video.js';
import { seedAiChats } from './ai-chat.js';
import { seedAudit } from './audit.js';
import type { Db } from '../../server/src/db/database.js';
import type { Storage } from '../../server/src/plugins/storage.js';

/**
 * The demo data of every area, idempotent: `npm run seed` and the browser sweep (client/e2e/sweep/suite.ts)
 * both start from it, so an area that adds its demo rows here is swept with data. `scale` adds that many
 * generated institutions, members and pledges, scale/100 events, and invitations with scale invitees in all.
 * With `storage` (where the app keeps uploads), the demo invitations get their invitee database files.
 */
export async function seedDemo(
  db: Db,
  scale = 0,
  log: (line: string) => void = () => {},
  storage?: Storage,
): Promise<void> {
  log(`institutions: ${await seedInstitutions(db)} added`);
  log(`chapters: ${await seedChapters(db)} added`);
  log(`events: ${await seedEvents(db)} added`);
  log(`email templates: ${await seedEmailTemplates(db)} added`);
  log(`blocked emails: ${await seedBlockedEmails(db)} added`);
  log(`invitees emailed: ${await seedInvitationEmails(db)} added`);
  log(`A/B variables: ${await seedTestVariables(db)} added`);
  log(`invitations: ${await seedInvitations(db)} added`);
  log(`postal mailings: ${await seedPostalMails(db)} added`);
  log(`payments: ${await seedPayments(db)} added`);
  log(`pledges: ${await seedPledges(db)} added`);
  log(`quizzes and surveys: ${await seedQuizzesAndSurveys(db)} added`);
  log(`assessments: ${await seedAssessments(db)} added`);
  log(`AI chat templates and chats (before programs: their AI steps use them): ${await seedAiChats(db)} added`);
  log(`programs: ${await seedPrograms(db)} added`);
  log(`lesson segments: ${await seedLessons(db)} added`);
  log(`AI video templates and videos: ${await seedAiVideos(db)} added`);
  log(`API key and audit rows: ${await seedAudit(db)} added`);
  if (scale > 0) {
    log(`scale institutions: ${await seedScaleInstitutions(db, scale)} added`);
    const { members, pledges } = await seedScaleMembers(db, scale);
    log(`scale members: ${members} added, pledges: ${pledges} added`);
    log(`scale events: ${await seedScaleEvents(db, scale)} added`);
    const scaled = await seedScaleInvitations(db, scale);
    log(`scale invitations: ${scaled.invitations} added, with ${scaled.invitees} invitees`);
  }
  if (storage) log(`invitation databases: ${await seedInvitationDatabases(db, storage)} added`);
}
