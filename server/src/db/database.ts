import { CamelCasePlugin, Kysely, type Generated, type ColumnType, type Transaction } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { AuditedPostgresDialect } from './audit-context.js';
import type { Address } from '@app/contract';
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

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, never, never> & Generated<Date>;

export interface AccountTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string | null;
  admin: Generated<boolean>;
  active: Generated<boolean>;
  roles: Generated<string[]>;
  /** The chapters its chapter-scoped roles reach (migration 0035a). */
  chapterIds: Generated<number[]>;
  legacyId: number | null;
  phone: string | null;
  address: ColumnType<Address, Address | string, Address | string>;
  avatarUrl: string | null;
  invitationCode: string | null;
  institutionId: number | null;
  chapterId: number | null;
  pledgedAt: Timestamp | null;
  memberAt: Timestamp | null;
  /** Generated: lower(last_name || ' ' || first_name), the name sort key. */
  nameKey: ColumnType<string, never, never>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SessionTable {
  id: string;
  accountId: number;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  /** Touched at most about once a minute; the idle timeout counts from it (migration 0011). */
  lastSeenAt: ColumnType<Date, Date | string | undefined, Date | string>;
  userAgent: string | null;
  ip: string | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  key: string;
  failedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An account's TOTP factor (migration 0033): the encrypted key, confirmed or still being set up. */
export interface AccountSecondFactorTable {
  accountId: number;
  secret: string;
  confirmedAt: Date | null;
  /** The last accepted 30-second step: a code is accepted once only. */
  lastStep: ColumnType<string | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  /** Wrong codes in a row (migration 0034e); at TWO_FACTOR_MAX_FAILURES the factor locks until lockedUntil. */
  failedCodes: Generated<number>;
  lockedUntil: Date | null;
  /** The issue time (ms) of the newest pending sign-in cookie used: each works once. */
  pendingUsedUpto: ColumnType<string | null, number | null | undefined, number | null>;
}

/** One-time recovery codes of a second factor, as SHA-256 hashes (migration 0033). */
export interface AccountRecoveryCodeTable {
  id: Generated<number>;
  accountId: number;
  codeHash: string;
  usedAt: Date | null;
}

export interface FileTable {
  id: Generated<number>;
  storageKey: string;
  folder: string;
  fileName: string;
  contentType: string;
  sizeInBytes: number;
  public: Generated<boolean>;
  committed: Generated<boolean>;
  uploadedBy: number | null;
  createdAt: CreatedAt;
}

export interface InstitutionTable {
  id: Generated<number>;
  name: string;
  type: string;
  abbreviation: string;
  legacyId: number | null;
  ownership: string;
  website: string | null;
  population: string | null;
  religiousAffiliation: Generated<string>;
  financialModel: Generated<string>;
  logoId: number | null;
  address: ColumnType<Address, Address | string, Address | string>;
  /** Generated: lower(name || ' ' || abbreviation). */
  search: ColumnType<string, never, never>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface InstitutionLogoTable {
  institutionId: number;
  fileId: number;
  createdAt: CreatedAt;
}

export interface CalendarEventTable {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  description: string | null;
  eventStart: Timestamp;
  eventEnd: Timestamp | null;
  type: string;
  chapterId: number | null;
  programComponentId: number | null;
  location: string | null;
  zoomStatus: string | null;
  zoomId: string | null;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface EventRsvpTable {
  eventId: number;
  accountId: number;
  createdAt: CreatedAt;
}

export interface ChapterTable {
  id: Generated<number>;
  name: string;
  abbreviation: string;
  institutionId: number;
  active: Generated<boolean>;
  acceptingMembers: Generated<boolean>;
  legacyId: number | null;
  address: ColumnType<Address, Address | string, Address | string>;
  logoId: number | null;
  invitationAdvisor1Name: string | null;
  invitationAdvisor1Title: string | null;
  invitationAdvisor1Department: string | null;
  invitationAdvisor1Email: string | null;
  invitationAdvisor1SignatureId: number | null;
  invitationAdvisor2Name: string | null;
  invitationAdvisor2Email: string | null;
  invitationAdvisor2SignatureId: number | null;
  invitationPresidentName: string | null;
  invitationPresidentEmail: string | null;
  invitationPresidentSignatureId: number | null;
  invitationLandingPage: string | null;
  invitationTestimonialName: string | null;
  invitationTestimonialTitle: string | null;
  invitationTestimonialText: string | null;
  sclaPage: string | null;
  sclaPageImageId: number | null;
  /** Generated: lower(name || ' ' || abbreviation). */
  search: ColumnType<string, never, never>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Dashboard counts per UTC day, kept by triggers on accounts (migration 0007). */
export interface DashboardDailyCountTable {
  kind: 'joins' | 'pledges' | 'open_pledges';
  /** A UTC calendar day; written as 'YYYY-MM-DD' (pg reads it back as a local-midnight Date). */
  day: ColumnType<Date, string, string>;
  count: number;
}

/** Exact row counts of whole tables, kept by statement triggers (migration 0012). */
export interface RowCountTable {
  tableName: string;
  n: number;
}

/** A table's version, raised by every write statement (migration 0026; see read-cache.ts). */
export interface TableVersionTable {
  tableName: string;
  version: number;
}

/** The typed database: one interface per table, added here as areas arrive. */
export interface DB {
  accounts: AccountTable;
  sessions: SessionTable;
  loginFailures: LoginFailureTable;
  accountSecondFactors: AccountSecondFactorTable;
  accountRecoveryCodes: AccountRecoveryCodeTable;
  passwordLinks: PasswordLinkTable;
  files: FileTable;
  institutions: InstitutionTable;
  imports: ImportTable;
  importRejected: ImportRejectedTable;
  institutionLogos: InstitutionLogoTable;
  chapters: ChapterTable;
  calendarEvents: CalendarEventTable;
  eventRsvps: EventRsvpTable;
  dashboardDailyCounts: DashboardDailyCountTable;
  rowCounts: RowCountTable;
  tableVersions: TableVersionTable;
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
