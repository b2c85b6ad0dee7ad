import { apiRouter } from './api-router.js';
import { aiVideoContract } from './ai-video.js';
import { aiChatContract } from './ai-chat.js';
import { authContract } from './auth.js';
import { healthContract } from './health.js';
import { institutionsContract } from './institutions.js';
import { filesContract } from './files.js';
import { chaptersContract } from './chapters.js';
import { calendarContract } from './calendar.js';
import { memberEventsContract } from './member-events.js';
import { memberContract } from './member.js';
import { memberPublicContract } from './member-public.js';
import { accountMembershipContract, paymentReceiptContract } from './member-admin.js';
import { accountsContract } from './accounts.js';
import { dashboardContract } from './dashboard.js';
import { emailsContract } from './emails.js';
import { blockedEmailsContract } from './blocked-emails.js';
import { publicUnsubscribeContract } from './public-unsubscribe.js';
import { publicJoinContract } from './public-join.js';
import { publicPasswordContract } from './public-password.js';
import { tokensContract } from './tokens.js';
import { emailTemplatesContract } from './email-templates.js';
import { testVariablesContract } from './test-variables.js';
import { invitationsContract } from './invitations.js';
import { inviteesContract } from './invitees.js';
import { postalMailsContract } from './postal-mails.js';
import { remindersContract } from './reminders.js';
import { logisticsDashboardContract } from './logistics-dashboard.js';
import { assessmentsContract } from './assessments.js';
import { quizzesContract } from './quizzes.js';
import { surveysContract } from './surveys.js';
import { programsContract } from './programs.js';
import { lessonsContract } from './lessons.js';
import { learnContract } from './learn.js';
import { importsContract } from './imports.js';
import { apiKeysContract } from './api-keys.js';
import { rolesContract } from './roles.js';
import { auditLogContract } from './audit-log.js';
import { twoFactorContract } from './two-factor.js';
import { paymentsContract } from './payments.js';
import { privacyContract } from './privacy.js';
import { deliverabilityGuardsContract } from './deliverability-guards.js';
import { deliverabilityContract } from './deliverability.js';
import { societySettingsContract } from './society-settings.js';

// Apart from index.ts so that a bundle importing one schema from '@app/contract' does not carry every
// area's routes: the client's first chunk needs list queries and the auth routes, not the whole router.
/**
 * The one router: every documented `/api` call. Areas are merged here, one line each, in two halves: the
 * declaration tsc writes for one object of every area's routes grew past what the compiler will serialize.
 */
const areas = {
  aiVideo: aiVideoContract,
  aiChat: aiChatContract,
  auth: authContract,
  dashboard: dashboardContract,
  health: healthContract,
  institutions: institutionsContract,
  files: filesContract,
  chapters: chaptersContract,
  calendar: calendarContract,
  memberEvents: memberEventsContract,
  member: memberContract,
  memberPublic: memberPublicContract,
  paymentReceipts: paymentReceiptContract,
  accountMembership: accountMembershipContract,
  accounts: accountsContract,
  twoFactor: twoFactorContract,
  emails: emailsContract,
  blockedEmails: blockedEmailsContract,
  imports: importsContract,
  payments: paymentsContract,
  publicUnsubscribe: publicUnsubscribeContract,
  publicJoin: publicJoinContract,
  publicPassword: publicPasswordContract,
  tokens: tokensContract,
  emailTemplates: emailTemplatesContract,
};
const logisticsAndLearningAreas = {
  // Three keys keep the spec's API names (admin/logistics/invitation-tests, invitation-emails, and the logistics
  // stats): a router key is also the permission area stored in roles and API keys (`invitationEmails:read`).
  // Everywhere else in the code these are test variables, reminders and the logistics dashboard.
  invitationTests: testVariablesContract,
  invitations: invitationsContract,
  invitees: inviteesContract,
  postalMails: postalMailsContract,
  invitationEmails: remindersContract,
  logisticsStats: logisticsDashboardContract,
  deliverabilityGuards: deliverabilityGuardsContract,
  deliverability: deliverabilityContract,
  assessments: assessmentsContract,
  quizzes: quizzesContract,
  surveys: surveysContract,
  programs: programsContract,
  lessons: lessonsContract,
  learn: learnContract,
  apiKeys: apiKeysContract,
  roles: rolesContract,
  auditLog: auditLogContract,
  privacy: privacyContract,
  settings: societySettingsContract,
};
// Annotated so that its declaration (tsc -b emits one for the contract project) names the type instead of
// spelling out every route under the root options, which is longer than the compiler will write.
export const contract: ReturnType<typeof apiRouter<typeof areas & typeof logisticsAndLearningAreas>> = apiRouter({
  ...areas,
  ...logisticsAndLearningAreas,
});
export type Contract = typeof contract;
