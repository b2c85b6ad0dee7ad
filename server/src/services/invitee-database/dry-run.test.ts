import { describe, expect, it } from 'vitest';
import { cleanInvitees } from './clean.js';
import type { RawRow } from './columns.js';
import { dryRunReport } from './dry-run.js';

describe('dry run report', () => {
  it('rows read, valid, and per reason in precedence order a count with the first three rows', () => {
    const rows: RawRow[] = [
      ...[7, 3, 9, 5, 11].map((n) => ({ rowNumber: n, fields: { email: `Bad${n}` } })),
      { rowNumber: 2, fields: { email: 'dup@x.edu' } },
      { rowNumber: 4, fields: { email: 'DUP@x.edu' } },
      { rowNumber: 6, fields: { email: 'old@x.edu' } },
      { rowNumber: 8, fields: { email: 'fine@x.edu' } },
      { rowNumber: 10, fields: {} },
    ];
    const { rows: cleaned } = cleanInvitees(rows, {
      cleanJoined: true,
      cleanInviteCount: 2,
      suppressed: new Set(),
      memberEmails: new Set(),
      priorInviteCounts: new Map([['old@x.edu', 2]]),
    });
    expect(dryRunReport(cleaned)).toEqual({
      rowsRead: 10,
      valid: 2,
      removed: [
        {
          reason: 'Invalid email',
          count: 6,
          examples: [
            { rowNumber: 3, email: 'Bad3' },
            { rowNumber: 5, email: 'Bad5' },
            { rowNumber: 7, email: 'Bad7' },
          ],
        },
        { reason: 'Duplicate in file', count: 1, examples: [{ rowNumber: 4, email: 'DUP@x.edu' }] },
        { reason: 'Invited 2 or more times before', count: 1, examples: [{ rowNumber: 6, email: 'old@x.edu' }] },
      ],
    });
  });

  it('an empty list reads as nothing removed', () => {
    expect(dryRunReport([])).toEqual({ rowsRead: 0, valid: 0, removed: [] });
  });
});
