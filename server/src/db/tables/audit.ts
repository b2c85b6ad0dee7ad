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
