import type { ColumnType, Generated } from 'kysely';
import type { Address } from '@app/contract';
import type { CreatedAt, Json, Timestamp } from './types.js';

/** Migration 0036b: the one row of the society's name and address (its issuer keys: IssuerKeyTable). */
export interface SocietySettingsTable {
  id: Generated<boolean>;
  name: Generated<string>;
  address: Generated<string>;
  /** Migration 0037h: the logo on receipts and certificates, and the address as its parts (`address` is its lines). */
  logoFileId: number | null;
  postalAddress: ColumnType<Address | null, string | null, string | null>;
  updatedAt: Timestamp;
}

export type ReceiptKind = 'receipt' | 'credit_note';

/** Migration 0036b: a receipt per payment and a credit note per refund, issued by triggers on payments. */
export interface ReceiptTable {
  id: Generated<number>;
  kind: ReceiptKind;
  number: string;
  paymentId: number;
  accountId: number;
  amountCents: number;
  currency: string;
  issuedAt: Timestamp;
}

/** Migration 0036b: a membership certificate; at most one live (not revoked) per account. */
export interface CertificateTable {
  id: Generated<string>;
  number: Generated<string>;
  accountId: number;
  issuedAt: Generated<Date>;
  revokedAt: Timestamp | null;
  revokedBy: number | null;
  revokedReason: string | null;
}

/** Migration 0036b: what a member sets about themselves beyond the account row. */
export interface MemberProfileTable {
  /** The account's id. */
  id: number;
  certificateName: string | null;
  updatedAt: Generated<Date>;
}

/** Migration 0036b: a single-use link confirming a new email address; only the SHA-256 of its token is kept. */
export interface EmailChangeTable {
  id: Generated<number>;
  accountId: number;
  newEmail: string;
  tokenHash: string;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** Migration 0036b: an Open Badges 3.0 credential for a completed program, with its status list index. */
export interface BadgeCredentialTable {
  id: string;
  accountId: number;
  programId: number;
  statusIndex: Generated<number>;
  credential: Json<Record<string, unknown>>;
  jwt: string;
  issuedAt: Generated<Date>;
  revokedAt: Timestamp | null;
  /** Migration 0038c: the issuer key (`key-{number}`) that signed it, and the badge reissued in its place. */
  issuerKey: number;
  replacedBy: string | null;
}

/** Migration 0038c: the society's Open Badges signing keys, `key-{number}`; the newest signs new badges. */
export interface IssuerKeyTable {
  number: number;
  publicJwk: Json<Record<string, string>>;
  /** The private JWK, sealed (services/auth/secret-box). */
  secretKey: string;
  createdAt: CreatedAt;
  /** Set when staff said the key leaked as they rotated away from it. */
  withdrawnAt: Timestamp | null;
}

/** The tables of migration 0036b, merged into the typed database below. */
export interface MemberTables {
  societySettings: SocietySettingsTable;
  receipts: ReceiptTable;
  certificates: CertificateTable;
  memberProfiles: MemberProfileTable;
  emailChanges: EmailChangeTable;
  badgeCredentials: BadgeCredentialTable;
  issuerKeys: IssuerKeyTable;
}

declare module '../database.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DB extends MemberTables {}
}
