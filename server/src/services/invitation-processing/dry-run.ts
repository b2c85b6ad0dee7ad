import { MAX_INT, type DryRunInput, type DryRunResult } from '@app/contract';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Storage } from '../../plugins/storage.js';
import { AppError } from '../../errors.js';
import {
  cleanInvitees,
  DATABASE_GONE,
  dryRunReport,
  normaliseEmail,
  readInviteeFile,
  type RawRow,
} from '../invitee-database/index.js';
import { fileErrors, localCopy, SpreadsheetError } from '../spreadsheet/index.js';
import { addressFacts } from './lookups.js';

/**
 * What cleaning would do to an uploaded database with the form's options, before the invitation is saved:
 * rows read, valid, and per rule how many rows it removes with a few examples. Nothing is written. An
 * unusable file is a 400 with the reason processing would give.
 */
export async function dryRunDatabase(
  { db, storage }: { db: Kysely<DB>; storage: Storage },
  input: z.output<typeof import('@app/contract').DryRunInput> | DryRunInput,
): Promise<DryRunResult> {
  const copy = await localCopy(db, storage, input.databaseId!, DATABASE_GONE).catch((err: unknown) => {
    throw err instanceof SpreadsheetError ? new AppError(400, err.message) : err;
  });
  try {
    const raw: RawRow[] = [];
    for await (const row of readInviteeFile(copy.file, copy.fileName)) raw.push(row);
    if (!raw.length) throw fileErrors.empty();
    // Not yet an invitation: every existing invitation counts as an earlier one.
    const facts = await addressFacts(
      db,
      MAX_INT,
      raw.map((r) => normaliseEmail(r.fields.email)),
    );
    const { rows } = cleanInvitees(raw, {
      cleanJoined: input.cleanJoined ?? true,
      cleanInviteCount: Number(input.cleanInviteCount ?? '4') as 2 | 3 | 4,
      suppressed: facts.suppressed,
      erased: facts.erased,
      memberEmails: facts.members,
      priorInviteCounts: facts.priorInvites,
    });
    return dryRunReport(rows);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw new AppError(400, err.message);
    throw err;
  } finally {
    await copy.done();
  }
}
