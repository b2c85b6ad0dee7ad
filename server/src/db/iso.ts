type Timestamp = Date | string;

/**
 * A timestamp column as the contract's ISO 8601 string (UTC); null or undefined reads as null.
 * @example createdAt: iso(row.createdAt), finishedAt: iso(row.finishedAt)
 */
export function iso(value: Timestamp): string;
export function iso(value: Timestamp | null | undefined): string | null;
export function iso(value: Timestamp | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}
