import type { ColumnType, Generated } from 'kysely';
import type { ErasureChanges, PrivacyStatus } from '@app/contract';

type Json<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Moment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Migration 0036a: one export or erasure of one person. */
export interface PrivacyRequestTable {
  id: Generated<number>;
  kind: 'export' | 'erasure';
  status: Generated<PrivacyStatus>;
  statusReason: string | null;
  /** Kept only while the request needs it: an erasure clears it when done. */
  email: string | null;
  /** HMAC-SHA256 of the normalised email (services/privacy/hash.ts). */
  emailHash: string;
  reason: Generated<string>;
  needsConfirmation: Generated<boolean>;
  requestedBy: number | null;
  confirmedBy: number | null;
  /** Exports: the zip in storage until downloaded. */
  storageKey: string | null;
  changes: Json<ErasureChanges>;
  createdAt: ColumnType<Date, never, never> & Generated<Date>;
  startedAt: Moment;
  finishedAt: Moment;
  downloadedAt: Moment;
}

/** Migration 0036a: keyed hashes of erased addresses. */
export interface PrivacySuppressionTable {
  emailHash: string;
  requestId: number | null;
  createdAt: ColumnType<Date, never, never> & Generated<Date>;
}

declare module '../../db/database.js' {
  interface DB {
    privacyRequests: PrivacyRequestTable;
    privacySuppressions: PrivacySuppressionTable;
  }
  interface AccountTable {
    /** FERPA directory opt-out (migration 0036a). */
    directoryOptOut: Generated<boolean>;
  }
}

declare module '../../db/tables/invitations.js' {
  interface InviteeTable {
    /** FERPA directory opt-out (migration 0036a): no postal mail, never named to third parties. */
    directoryOptOut: Generated<boolean>;
  }
}
