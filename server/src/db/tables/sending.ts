import type { Generated } from 'kysely';
import type { CreatedAt, DefaultedTimestamp, Timestamp } from './types.js';

/** Invite-count buckets of reminders and postal mailings (spec 02 §3 Enumerations). */
export type InviteCountBucket = 'All' | '1st time' | '2nd time' | '3rd time' | '4th or more times';
/** Test segments of reminders and postal mailings. */
export type TestSegment = 'All' | 'Control' | 'Variation';
export type RunStatus = 'In Progress' | 'Success' | 'Failed';

/** Email reminders scheduled per invitation (migration 0016). */
export interface InvitationEmailTable {
  id: Generated<number>;
  invitationId: number;
  templateId: number;
  sendScheduledAt: Timestamp;
  inviteCount: Generated<InviteCountBucket>;
  testValue: Generated<TestSegment>;
  sendStartedAt: Timestamp | null;
  sendStatus: RunStatus | null;
  sendStatusReason: string | null;
  /** The template version the send used (set when it starts). */
  templateVersionId: number | null;
  /** Recipients the send selected (set when it starts). */
  recipients: number | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

/** Postal mailings handed to the print vendor per invitation (migration 0016). */
export interface PostalMailTable {
  id: Generated<number>;
  invitationId: number;
  /** The uploaded zip (files, folder `invitations/postal-mails`). */
  fileId: number | null;
  uploadScheduledAt: Timestamp;
  inviteCount: Generated<InviteCountBucket>;
  testValue: Generated<TestSegment>;
  uploadStartedAt: Timestamp | null;
  uploadStatus: RunStatus | null;
  uploadStatusReason: string | null;
  uploadCount: number | null;
  /** The CSV of recipients delivered with the zip (a file row). */
  uploadCsvId: number | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

/**
 * Send-log rows per (source, source id, event), kept by statement triggers on email_sends (migration
 * 0016). Events: `sends` (every row), `queued`, `suppressed`, `failed`, and the flags `sent`, `delivered`,
 * `deferred`, `rejected`, `opened`, `clicked`, `bounced_soft`, `bounced_hard`, `spam`, `unsub`.
 */
export interface EmailSendCountTable {
  source: string;
  sourceId: string;
  event: string;
  n: number;
}
