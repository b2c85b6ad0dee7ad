import type { Generated } from 'kysely';
import type { CreatedAt, DefaultedTimestamp, DateColumn, GeneratedText, Json, Timestamp } from './types.js';

/** A/B test variables (migration 0013). */
export interface InvitationTestTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  enabled: Generated<boolean>;
  search: GeneratedText;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

export type InvitationStatus = 'Draft' | 'DB Processing' | 'Ready' | 'Sending' | 'Completed';

/** Invitation campaigns (migration 0013; ../shared/DOMAIN.md "Invitation lifecycle"). */
export interface InvitationTable {
  id: Generated<number>;
  chapterId: number;
  institutionId: number;
  /** Calendar days: written as 'YYYY-MM-DD', read back as a local-midnight Date (format with the day helpers). */
  deadline: DateColumn;
  orientationDate: DateColumn;
  databaseId: number | null;
  cleanJoined: Generated<boolean>;
  cleanInviteCount: Generated<number>;
  deliverEmails: Generated<boolean>;
  deliverPostalMails: Generated<boolean>;
  enableTickler: Generated<boolean>;
  testId: number | null;
  status: Generated<InvitationStatus>;
  statusReason: string | null;
  countProcessed: Generated<number>;
  countPreClean: Generated<number>;
  countValid: Generated<number>;
  countFresh: Generated<number>;
  countRemoved: Generated<number>;
  countValidControl: Generated<number>;
  countValidVariation: Generated<number>;
  /** Rows (removed or not) invited 1, 2, 3 and 4+ times. */
  countByInvites: Generated<number[]>;
  /** The processing run that owns the invitees (migration 0015); null when none ran. */
  processingRun: string | null;
  processedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  updatedBy: number | null;
}

/** Rows of an invitation's uploaded database after cleaning (migration 0013). */
export interface InviteeTable {
  id: Generated<number>;
  invitationId: number;
  rowNumber: number | null;
  salutation: string | null;
  firstName: Generated<string>;
  lastName: Generated<string>;
  email: string;
  major: string | null;
  class: string | null;
  mailingAddress: Json<Record<string, string>>;
  phoneNumber: string | null;
  removed: Generated<boolean>;
  removedReason: string | null;
  invitationCode: string | null;
  legacyPledgeAt: Timestamp | null;
  legacyPaidAt: Timestamp | null;
  /** The account the invitee pledged with (migration 0027). */
  accountId: number | null;
  /** The external id of a pledge recorded through the admin API (migration 0031): unique, so a retry finds it. */
  pledgeExternalId: string | null;
  inviteCount: Generated<number>;
  testValue: 'Control' | 'Variation' | null;
  emailSent: Generated<boolean>;
  emailDeferred: Generated<boolean>;
  emailDelivered: Generated<boolean>;
  emailRejected: Generated<boolean>;
  emailOpened: Generated<boolean>;
  emailClicked: Generated<boolean>;
  emailBouncedSoft: Generated<boolean>;
  emailBouncedHard: Generated<boolean>;
  emailSpam: Generated<boolean>;
  emailUnsub: Generated<boolean>;
  search: GeneratedText;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** Invitees per invitation and event key (paid, pledge, sent ... unsub), kept by triggers (migration 0015). */
export interface InvitationEventCountTable {
  invitationId: number;
  event: string;
  n: number;
}
