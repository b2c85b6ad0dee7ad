import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './types.js';

/** Migration 0034b: a single-use set-password link; only the SHA-256 of its token is kept. */
export interface PasswordLinkTable {
  id: Generated<number>;
  accountId: number;
  tokenHash: string;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}
