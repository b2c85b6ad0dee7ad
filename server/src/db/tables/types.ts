import type { ColumnType, Generated } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Set by the database on insert and never written by the app. */
export type CreatedAt = ColumnType<Date, never, never> & Generated<Date>;
/** A stored generated column (e.g. the lower-cased search text): read only. */
export type GeneratedText = ColumnType<string, never, never>;
/** A jsonb column of shape T. */
export type Json<T> = ColumnType<T, T | string | undefined, T | string>;
/** A `date` column: written as 'YYYY-MM-DD', read as a local-midnight Date by pg. */
export type DateColumn = ColumnType<Date, string, string>;
/** A timestamp with a database default (`now()`): optional on insert, a Date when read. */
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
