import { CamelCasePlugin, Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { AuditedPostgresDialect } from './audit-context.js';
import type {
  InvitationEventCountTable,
  InvitationTable,
  InvitationTestTable,
  InviteeTable,
} from './tables/invitations.js';
import type {
  AppSecretTable,
  BlockedEmailTable,
  EmailEventTable,
  EmailOutboxTable,
  EmailSendTable,
} from './tables/email.js';
import type * as core from './tables/core.js';
import type { EmailTemplateTable, EmailTemplateVersionTable } from './tables/email.js';
import type { EmailSendCountTable, InvitationEmailTable, PostalMailTable } from './tables/sending.js';
import type {
  AssessmentAnswerTable,
  AssessmentOutcomeTable,
  AssessmentQuestionTable,
  AssessmentScoreTable,
  AssessmentTable,
} from './tables/assessments.js';
import type {
  QuizAnswerTable,
  QuizQuestionTable,
  QuizStatementTable,
  QuizTable,
  SurveyOptionTable,
  SurveyQuestionTable,
  SurveyTable,
} from './tables/quizzes.js';
import type {
  LearningXpTable,
  ProgramComponentTable,
  ProgramComponentXpTable,
  ProgramSectionTable,
  ProgramTable,
} from './tables/programs.js';
import type { LessonSegmentTable } from './tables/lessons.js';
import type { AiVideoTable, AiVideoTemplateTable } from './tables/ai-video.js';
import type { AiChatMessageTable, AiChatTable, AiChatTemplateTable, AiGoalTable } from './tables/ai-chat.js';
import type { CheckoutSessionTable, PaymentTable, StripeEventTable } from './tables/payments.js';
import type { ImportRejectedTable, ImportTable } from './tables/imports.js';
import type { ApiKeyTable, AuditLogTable } from './tables/audit.js';
import type { PasswordLinkTable } from './tables/password-links.js';
import type { RoleTable } from './tables/roles.js';
import type {
  LearningComponentProgressTable,
  LearningProgramProgressTable,
  LearningXpAwardTable,
} from './tables/learning-progress.js';

// Dates come back as JS Dates; bigint counts as numbers (they stay far below 2^53 here).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type * from './tables/core.js';

/** The typed database: one interface per table, added here as areas arrive. */
export interface DB {
  accounts: core.AccountTable;
  sessions: core.SessionTable;
  loginFailures: core.LoginFailureTable;
  accountSecondFactors: core.AccountSecondFactorTable;
  accountRecoveryCodes: core.AccountRecoveryCodeTable;
  passwordLinks: PasswordLinkTable;
  files: core.FileTable;
  institutions: core.InstitutionTable;
  imports: ImportTable;
  importRejected: ImportRejectedTable;
  institutionLogos: core.InstitutionLogoTable;
  chapters: core.ChapterTable;
  calendarEvents: core.CalendarEventTable;
  eventRsvps: core.EventRsvpTable;
  dashboardDailyCounts: core.DashboardDailyCountTable;
  rowCounts: core.RowCountTable;
  tableVersions: core.TableVersionTable;
  invitationTests: InvitationTestTable;
  invitations: InvitationTable;
  invitees: InviteeTable;
  invitationEventCounts: InvitationEventCountTable;
  emailTemplates: EmailTemplateTable;
  emailTemplateVersions: EmailTemplateVersionTable;
  emailSends: EmailSendTable;
  emailEvents: EmailEventTable;
  emailOutbox: EmailOutboxTable;
  blockedEmails: BlockedEmailTable;
  appSecrets: AppSecretTable;
  invitationEmails: InvitationEmailTable;
  postalMails: PostalMailTable;
  emailSendCounts: EmailSendCountTable;
  assessments: AssessmentTable;
  assessmentOutcomes: AssessmentOutcomeTable;
  assessmentQuestions: AssessmentQuestionTable;
  assessmentAnswers: AssessmentAnswerTable;
  assessmentScores: AssessmentScoreTable;
  quizzes: QuizTable;
  quizQuestions: QuizQuestionTable;
  quizAnswers: QuizAnswerTable;
  quizStatements: QuizStatementTable;
  surveys: SurveyTable;
  surveyQuestions: SurveyQuestionTable;
  surveyOptions: SurveyOptionTable;
  programs: ProgramTable;
  programSections: ProgramSectionTable;
  programComponents: ProgramComponentTable;
  learningXps: LearningXpTable;
  programComponentXps: ProgramComponentXpTable;
  lessonSegments: LessonSegmentTable;
  aiVideoTemplates: AiVideoTemplateTable;
  aiVideos: AiVideoTable;
  aiChatTemplates: AiChatTemplateTable;
  aiChats: AiChatTable;
  aiChatMessages: AiChatMessageTable;
  aiGoals: AiGoalTable;
  learningProgramProgress: LearningProgramProgressTable;
  learningComponentProgress: LearningComponentProgressTable;
  learningXpAwards: LearningXpAwardTable;
  payments: PaymentTable;
  stripeEvents: StripeEventTable;
  checkoutSessions: CheckoutSessionTable;
  auditLog: AuditLogTable;
  apiKeys: ApiKeyTable;
  roles: RoleTable;
}

/**
 * What repository functions take first: the app's database or a transaction on it, so a caller can
 * compose several of them in one transaction (`db.transaction().execute((trx) => ...)`).
 */
export type Db = Kysely<DB> | Transaction<DB>;
/** A function that must run inside a transaction (e.g. it locks rows with `for update`) takes this. */
export type Trx = Transaction<DB>;

/** `onQuery` sees each statement as sent (benchmarks replay it directly to compare). */
export function createDb(
  connectionString: string,
  max = 10,
  onQuery?: (sql: string, parameters: readonly unknown[]) => void,
): Kysely<DB> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server drops (restart, shutdown) is discarded by the pool; without a
  // listener its error event would crash the process. Queries still report their own errors.
  pool.on('error', () => {});
  // The same for a connection held between statements (the delivery pass's advisory lock, a stream):
  // pg-pool listens only while a connection is idle, so a restart of PostgreSQL would otherwise crash
  // the process instead of failing the work that held it (a job is then retried).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({
    // Every transaction (and staff write outside one) carries the acting staff member for the audit trigger,
    // transaction-locally (db/audit-context.ts).
    dialect: new AuditedPostgresDialect({ pool, cursor: Cursor }),
    // Nested keys are converted too, so jsonObjectFrom/jsonArrayFrom rows arrive camelCase like top-level ones.
    plugins: [new CamelCasePlugin()],
    log: onQuery
      ? (event) => {
          if (event.level === 'query') onQuery(event.query.sql, event.query.parameters);
        }
      : undefined,
  });
  dbPools.set(db, pool);
  return db;
}

/** The pool under each Db made here: COPY streams (copy-csv.ts) need a raw client, which Kysely does not lend. */
export const dbPools = new WeakMap<Kysely<DB>, pg.Pool>();
