import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string | undefined, never>;

/** Migrations 0029a and 0032a: one audit row; rows are never updated (a trigger refuses it). */
export interface AuditLogTable {
  id: Generated<number>;
  at: ColumnType<Date, Date | string | undefined, never>;
  accountId: ColumnType<number | null, number | null | undefined, never>;
  apiKeyId: ColumnType<number | null, number | null | undefined, never>;
  address: ColumnType<string | null, string | null | undefined, never>;
  action: ColumnType<string, string, never>;
  entity: ColumnType<string, string, never>;
  entityId: ColumnType<string | null, string | null | undefined, never>;
  /** Updates: `{column: {old, new}}` of the changed columns. */
  changes: Json<Record<string, { old: unknown; new: unknown }> | null>;
  /** Explicit rows: what else the action needs said (an export's filters, a test's recipient). */
  detail: Json<Record<string, unknown> | null>;
}

/** Migration 0032b: an API key; only the SHA-256 of the whole key is kept. */
export interface ApiKeyTable {
  id: Generated<number>;
  name: string;
  lookupId: string;
  secretHash: string;
  scopes: string[];
  /** Only these chapters' rows; empty: no chapter limit (migration 0035a). */
  chapterIds: Generated<number[]>;
  createdBy: number | null;
  createdAt: ColumnType<Date, never, never> & Generated<Date>;
  lastUsedAt: ColumnType<Date | null, never, Date | string>;
  revokedAt: ColumnType<Date | null, never, Date | string>;
  revokedBy: ColumnType<number | null, never, number | null>;
}
