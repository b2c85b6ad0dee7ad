import { rootRoute } from './root';
import { indexRoute } from './index';
import { loginRoute } from './login';
import { adminRoute } from './admin';
import { adminHomeRoute } from './admin-home';
import { adminProfileRoute } from './admin-profile';
import { adminCalendarRoute } from './admin-calendar';
import { adminChaptersRoute } from './admin-chapters';
import { adminChaptersNewRoute } from './admin-chapters-new';
import { adminChapterRoute, adminChaptersEditRoute } from './admin-chapters-edit';
import { adminInstitutionsRoute } from './admin-institutions';
import { adminAccountsRoute } from './admin-accounts';
import { adminAccountsMembersRoute } from './admin-accounts-members';
import { adminAccountsPledgesRoute } from './admin-accounts-pledges';
import { adminAccountsPaymentsRoute } from './admin-accounts-payments';
import { adminTechEmailTemplatesRoute, adminTechRoute } from './admin-tech-email-templates';
import { adminTechEmailTemplatesNewRoute } from './admin-tech-email-templates-new';
import { adminTechEmailTemplateRoute, adminTechEmailTemplatesEditRoute } from './admin-tech-email-templates-edit';
import { adminTechEmailsFeedbackRoute } from './admin-tech-emails-feedback';
import { adminTechEmailsSentRoute } from './admin-tech-emails-sent';
import { adminTechOutboxRoute } from './admin-tech-outbox';
import { adminTechImportsRoute } from './admin-tech-imports';
import { adminTechApiKeysRoute } from './admin-tech-api-keys';
import { adminTechAuditLogRoute } from './admin-tech-audit-log';
import { adminTechPrivacyRoute } from './admin-tech-privacy';
import { adminTechSettingsRoute } from './admin-tech-settings';
import { adminTechRolesRoute } from './admin-tech-roles';
import {
  adminTechAiVideoTemplateEditRoute,
  adminTechAiVideoTemplateNewRoute,
  adminTechAiVideoTemplatesRoute,
} from './admin-tech-ai-video';
import {
  adminTechAiTemplateEditRoute,
  adminTechAiTemplateNewRoute,
  adminTechAiTemplatesRoute,
} from './admin-tech-ai-template';
import {
  adminLogisticsInvitationRoute,
  adminLogisticsInvitationsEditRoute,
  adminLogisticsInvitationsNewRoute,
  adminLogisticsInvitationsRoute,
  adminLogisticsInviteesRoute,
} from './admin-logistics-invitations';
import { adminLogisticsRoute } from './admin-logistics';
import { adminLogisticsEmailsScheduledRoute, adminLogisticsStatsByInstitutionRoute } from './admin-logistics-stats';
import { adminLogisticsTestVariablesRoute } from './admin-logistics-test-variables';
import { adminLogisticsPostalMailsRoute } from './admin-logistics-postal-mails';
import { adminLogisticsEmailRemindersRoute } from './admin-logistics-email-reminders';
import { adminLogisticsDeliverabilityRoute } from './admin-logistics-deliverability';
import { adminLearningQuizListRoute, adminLearningQuizRoute } from './admin-learning-quiz';
import { adminLearningSurveyListRoute, adminLearningSurveyRoute } from './admin-learning-survey';
import { adminLearningProgramRoute, adminLearningProgramsRoute } from './admin-learning-programs';
import { adminLearningAssessmentRoute, adminLearningAssessmentsRoute } from './admin-learning-assessments';
import { unsubscribeRoute } from './unsubscribe';
import { setPasswordRoute } from './set-password';
import { memberRoute } from './member';
import { memberEventsRoute } from './member-events';
import { memberProfileRoute } from './member-profile';
import { confirmEmailRoute } from './confirm-email';
import { memberProgramRoute, memberProgramsRoute } from './member-programs';
import { adminLearningLessonRoute, adminLearningLessonsRoute } from './admin-learning-lessons';

/** The whole route tree: each area adds its routes under adminRoute here, one line each. */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  adminRoute.addChildren([
    adminHomeRoute,
    adminProfileRoute,
    adminCalendarRoute,
    adminChaptersRoute,
    adminChaptersNewRoute,
    adminChaptersEditRoute,
    adminChapterRoute,
    adminInstitutionsRoute,
    adminAccountsRoute,
    adminAccountsMembersRoute,
    adminAccountsPledgesRoute,
    adminAccountsPaymentsRoute,
    adminTechRoute,
    adminTechEmailTemplatesRoute,
    adminTechEmailTemplatesNewRoute,
    adminTechEmailTemplatesEditRoute,
    adminTechEmailTemplateRoute,
    adminTechEmailsFeedbackRoute,
    adminTechEmailsSentRoute,
    adminTechOutboxRoute,
    adminTechImportsRoute,
    adminTechApiKeysRoute,
    adminTechAuditLogRoute,
    adminTechPrivacyRoute,
    adminTechSettingsRoute,
    adminTechRolesRoute,
    adminTechAiVideoTemplatesRoute,
    adminTechAiVideoTemplateNewRoute,
    adminTechAiVideoTemplateEditRoute,
    adminTechAiTemplatesRoute,
    adminTechAiTemplateNewRoute,
    adminTechAiTemplateEditRoute,
    adminLogisticsRoute,
    adminLogisticsInvitationsRoute,
    adminLogisticsInvitationsNewRoute,
    adminLogisticsInvitationsEditRoute,
    adminLogisticsInvitationRoute,
    adminLogisticsInviteesRoute,
    adminLogisticsTestVariablesRoute,
    adminLogisticsPostalMailsRoute,
    adminLogisticsEmailRemindersRoute,
    adminLogisticsStatsByInstitutionRoute,
    adminLogisticsEmailsScheduledRoute,
    adminLogisticsDeliverabilityRoute,
    adminLearningQuizListRoute,
    adminLearningQuizRoute,
    adminLearningSurveyListRoute,
    adminLearningSurveyRoute,
    adminLearningProgramsRoute,
    adminLearningProgramRoute,
    adminLearningAssessmentsRoute,
    adminLearningAssessmentRoute,
    adminLearningLessonRoute,
    adminLearningLessonsRoute,
  ]),
  memberRoute.addChildren([memberProfileRoute, memberEventsRoute, memberProgramsRoute, memberProgramRoute]),
  confirmEmailRoute,
  unsubscribeRoute,
  setPasswordRoute,
]);
