import type { Address } from '@app/contract';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './types.js';

/* The tables of the core (spec 01): accounts and their sign-in, files, institutions, chapters, the calendar, and the kept counts. */

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
