import { REMOVED_REASONS, type CleanedRow } from './clean.js';

export const DRY_RUN_EXAMPLES = 3;

export type DryRunReport = {
  rowsRead: number;
  valid: number;
  /** Per reason that removes any row, in precedence order: how many, and the first few rows (file order). */
  removed: Array<{ reason: string; count: number; examples: Array<{ rowNumber: number; email: string }> }>;
};

/** What cleaning did to `rows` (cleanInvitees' output), for the form's dry run. Examples show the email as written in the file. */
export function dryRunReport(rows: readonly CleanedRow[]): DryRunReport {
  const groups = new Map<string, CleanedRow[]>();
  for (const row of rows) {
    if (!row.removedReason) continue;
    const group = groups.get(row.removedReason) ?? [];
    group.push(row);
    groups.set(row.removedReason, group);
  }
  // 'Invited N or more times before' comes last, after the fixed reasons.
  const known: string[] = Object.values(REMOVED_REASONS);
  const rank = (reason: string) => (known.includes(reason) ? known.indexOf(reason) : known.length);
  const removed = [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([reason, group]) => ({
      reason,
      count: group.length,
      examples: [...group]
        .sort((a, b) => a.rowNumber - b.rowNumber)
        .slice(0, DRY_RUN_EXAMPLES)
        .map((r) => ({ rowNumber: r.rowNumber, email: r.fields.email ?? '' })),
    }));
  return { rowsRead: rows.length, valid: rows.filter((r) => !r.removed).length, removed };
}
