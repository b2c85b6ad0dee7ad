import type { Generated } from 'kysely';
import type { CreatedAt, DefaultedTimestamp, GeneratedText, Json, Timestamp } from './types.js';

export type TemplateType = 'Invitation' | 'InvitationTickler' | 'WelcomeEmail' | 'WelcomeEmailNoPayment';
export type BodyFormat = 'mjml' | 'html';
/** The send log's sources (spec 03 emails-sent: eight options). */
export type EmailSourceKey =
  | 'invitation_email'
  | 'invitation_email_test'
  | 'invitation_tickler'
  | 'invitation_tickler_test'
  | 'welcome_email'
  | 'welcome_email_test'
  | 'welcome_no_payment'
  | 'welcome_no_payment_test'
  /** A set-password link (a system message: services/mail/system-messages.ts). */
  | 'set_password'
  /** A link confirming a member's new address (a system message, issue 38). */
  | 'email_change'
  /** To the staff who sent a campaign a bounce or complaint guard paused (a system message, issue 37). */
  | 'guard_notice'
  /** To a member whose badges a leaked issuer key signed, once they are reissued (a system message, issue 38). */
  | 'badge_reissued';
/** Provider and tracking events (spec 03: ten flags). */
export type EmailEventName =
  | 'sent'
  | 'delivered'
  | 'opened'
  | 'clicked'
  | 'deferred'
  | 'rejected'
  | 'bounced_soft'
  | 'bounced_hard'
  | 'spam'
  | 'unsub';
export type EmailType = 'Invitation' | 'Transactional';
export type BlockedEmailType = 'All' | EmailType;
export type FeedbackType = 'manual' | 'unsub' | 'bounced_hard' | 'spam';

/** Migration 0014. */
export interface EmailTemplateTable {
  id: Generated<number>;
  name: string;
  subject: string;
  body: string;
  bodyFormat: Generated<BodyFormat>;
  templateType: Generated<TemplateType>;
  preview: string;
  enabled: Generated<boolean>;
  fromName: string;
  fromEmail: string;
  replyToEmail: string;
  version: Generated<number>;
  search: GeneratedText;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

/** Every saved state of a template; a send records the version it used. */
export interface EmailTemplateVersionTable {
  id: Generated<number>;
  templateId: number;
  version: number;
  subject: string;
  body: string;
  bodyFormat: BodyFormat;
  preview: string;
  fromName: string;
  fromEmail: string;
  replyToEmail: string;
  createdAt: CreatedAt;
  createdBy: number | null;
}

/** The send log: one row per (source, sourceId, recipientKey), written before the message leaves. */
export interface EmailSendTable {
  id: Generated<number>;
  source: EmailSourceKey;
  sourceId: string;
  recipientKey: string;
  emailTo: string;
  emailType: EmailType;
  templateVersionId: number | null;
  accountId: number | null;
  inviteeId: number | null;
  invitationId: number | null;
  tokenValues: Json<Record<string, string>>;
  subject: string | null;
  status: Generated<'queued' | 'sent' | 'failed' | 'suppressed'>;
  sendStatusMessage: string | null;
  messageId: string | null;
  /** The provider's own id of the message (SES: from its `250 Ok <id>` reply); migration 0030. */
  providerMessageId: string | null;
  attempts: Generated<number>;
  /** A throttled or temporarily refused send waits until then (migration 0030). */
  retryAt: Timestamp | null;
  /** Throttled answers in a row (the next wait grows with it); 0 once it leaves. */
  throttles: Generated<number>;
  queuedAt: DefaultedTimestamp;
  sendAt: Timestamp | null;
  sent: Generated<boolean>;
  deferred: Generated<boolean>;
  delivered: Generated<boolean>;
  rejected: Generated<boolean>;
  opened: Generated<boolean>;
  clicked: Generated<boolean>;
  bouncedSoft: Generated<boolean>;
  bouncedHard: Generated<boolean>;
  spam: Generated<boolean>;
  unsub: Generated<boolean>;
  search: GeneratedText;
}

export interface EmailEventTable {
  id: Generated<number>;
  sendId: number;
  name: EmailEventName;
  eventAt: DefaultedTimestamp;
  link: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  message: string | null;
  /** A privacy proxy's open or a link scanner's click: recorded, not counted as engagement. */
  automated: Generated<boolean>;
  providerEventId: string | null;
  createdAt: CreatedAt;
}

/** Messages delivered locally when no SMTP_URL is set, readable by staff. */
export interface EmailOutboxTable {
  id: Generated<number>;
  sendId: number | null;
  fromAddress: string;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  headers: Json<Record<string, string>>;
  createdAt: CreatedAt;
}

export interface BlockedEmailTable {
  id: Generated<number>;
  email: string;
  emailType: BlockedEmailType;
  reason: string;
  feedbackType: Generated<FeedbackType>;
  search: GeneratedText;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

/** Secrets the app generates once and keeps (e.g. 'unsubscribe-hmac'). */
export interface AppSecretTable {
  name: string;
  value: string;
  createdAt: CreatedAt;
}
