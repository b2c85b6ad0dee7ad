import type { ColumnType, Generated } from 'kysely';
import type { ImportKind, ImportStatus, RecognisedColumn } from '@app/contract';
import type { AuditActor } from '../audit-context.js';

type CreatedAt = ColumnType<Date, never, never> & Generated<Date>;
type Json<T> = ColumnType<T, string, string>;

/** Migration 0028: one import of institutions, chapters or accounts and its counts. */
export interface ImportTable {
  id: Generated<number>;
  kind: ImportKind;
  dryRun: boolean;
  status: Generated<ImportStatus>;
  statusReason: string | null;
  fileId: number | null;
  createdBy: number | null;
  /** Migration 0034d: the audit context of the request that started it (its job writes as that actor). */
  actor: ColumnType<AuditActor | null, string | null | undefined, string | null>;
  columns: ColumnType<RecognisedColumn[], string | undefined, string>;
  countRows: Generated<number>;
  countProcessed: Generated<number>;
  countCreated: Generated<number>;
  countUpdated: Generated<number>;
  countUnchanged: Generated<number>;
  countRejected: Generated<number>;
  createdAt: CreatedAt;
  startedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A rejected row of an import: its cells under the file's recognised headers, and why. */
export interface ImportRejectedTable {
  importId: number;
  rowNumber: number;
  reason: string;
  cells: Json<Record<string, string>>;
}
