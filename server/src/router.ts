import { contract } from '@app/contract';
import { s } from './ts-rest.js';
import { aiVideoRoutes } from './features/ai-video/routes.js';
import { aiChatRoutes } from './features/ai-chat/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { institutionRoutes } from './features/institutions/routes.js';
import { fileRoutes } from './features/files/routes.js';
import { chapterRoutes } from './features/chapters/routes.js';
import { calendarRoutes } from './features/calendar/routes.js';
import { memberEventsRoutes } from './features/calendar/member-events-routes.js';
import { memberRoutes } from './features/member/routes.js';
import { memberPublicRoutes } from './features/member/public-routes.js';
import { accountMembershipRoutes, paymentReceiptRoutes } from './features/member/admin-routes.js';
import { accountRoutes } from './features/accounts/routes.js';
import { twoFactorRoutes } from './features/two-factor/routes.js';
import { emailRoutes } from './features/emails/routes.js';
import { blockedEmailRoutes } from './features/blocked-emails/routes.js';
import { publicUnsubscribeRoutes } from './features/unsubscribe/routes.js';
import { publicJoinRoutes } from './features/join/routes.js';
import { publicPasswordRoutes } from './features/set-password/routes.js';
import { tokenRoutes } from './features/tokens/routes.js';
import { emailTemplateRoutes } from './features/email-templates/routes.js';
import { invitationTestRoutes } from './features/test-variables/routes.js';
import { invitationRoutes } from './features/invitations/routes.js';
import { inviteeRoutes } from './features/invitees/routes.js';
import { invitationEmailRoutes } from './features/reminders/routes.js';
import { postalMailRoutes } from './features/postal-mails/routes.js';
import { logisticsStatsRoutes } from './features/logistics-dashboard/routes.js';
import { deliverabilityGuardsRoutes } from './features/deliverability-guards/routes.js';
import { deliverabilityRoutes } from './features/deliverability/routes.js';
import { assessmentRoutes } from './features/assessments/routes.js';
import { quizRoutes } from './features/quizzes/routes.js';
import { surveyRoutes } from './features/surveys/routes.js';
import { programRoutes } from './features/programs/routes.js';
import { lessonRoutes } from './features/lessons/routes.js';
import { learnRoutes } from './features/learn/routes.js';
import { importRoutes } from './features/imports/routes.js';
import { apiKeyRoutes } from './features/api-keys/routes.js';
import { societySettingsRoutes } from './features/society-settings/routes.js';
import { roleRoutes } from './features/roles/routes.js';
import { auditLogRoutes } from './features/audit-log/routes.js';
import { privacyRoutes } from './features/privacy/routes.js';
import { paymentRoutes } from './features/payments/routes.js';
import { stripeWebhookRoute } from './features/payments/stripe-webhook.js';

/** Every area's handlers, one line each, checked by ts-rest against the contract. */
export const router = s.router(contract, {
  aiVideo: aiVideoRoutes,
  aiChat: aiChatRoutes,
  auth: authRoutes,
  health: healthRoutes,
  dashboard: dashboardRoutes,
  institutions: institutionRoutes,
  files: fileRoutes,
  chapters: chapterRoutes,
  calendar: calendarRoutes,
  memberEvents: memberEventsRoutes,
  member: memberRoutes,
  memberPublic: memberPublicRoutes,
  paymentReceipts: paymentReceiptRoutes,
  accountMembership: accountMembershipRoutes,
  accounts: accountRoutes,
  twoFactor: twoFactorRoutes,
  emails: emailRoutes,
  blockedEmails: blockedEmailRoutes,
  imports: importRoutes,
  payments: paymentRoutes,
  publicUnsubscribe: publicUnsubscribeRoutes,
  publicJoin: { ...publicJoinRoutes, stripeWebhook: stripeWebhookRoute },
  publicPassword: publicPasswordRoutes,
  tokens: tokenRoutes,
  emailTemplates: emailTemplateRoutes,
  invitationTests: invitationTestRoutes,
  invitations: invitationRoutes,
  invitees: inviteeRoutes,
  invitationEmails: invitationEmailRoutes,
  postalMails: postalMailRoutes,
  logisticsStats: logisticsStatsRoutes,
  deliverabilityGuards: deliverabilityGuardsRoutes,
  deliverability: deliverabilityRoutes,
  assessments: assessmentRoutes,
  quizzes: quizRoutes,
  surveys: surveyRoutes,
  programs: programRoutes,
  lessons: lessonRoutes,
  learn: learnRoutes,
  apiKeys: apiKeyRoutes,
  roles: roleRoutes,
  auditLog: auditLogRoutes,
  privacy: privacyRoutes,
  settings: societySettingsRoutes,
});
