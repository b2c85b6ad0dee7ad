import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database.js';
import type { Storage } from '../../plugins/storage.js';
import { SpreadsheetError } from './errors.js';

/**
 * Copies the stored file to a temporary path (the readers take a path; the storage may be S3). A file no
 * longer stored is a SpreadsheetError with `goneMessage`, for staff. `done` removes the copy.
 */
export async function localCopy(
  db: Db,
  storage: Storage,
  fileId: number,
  goneMessage: string,
): Promise<{ file: string; fileName: string; done: () => Promise<void> }> {
  const row = await db
    .selectFrom('files')
    .select(['storageKey', 'fileName'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!row) throw new SpreadsheetError(goneMessage);
  const stream = await storage.get(row.storageKey);
  if (!stream) throw new SpreadsheetError(goneMessage);
  const dir = await mkdtemp(path.join(tmpdir(), 'spreadsheet-'));
  const file = path.join(dir, `upload${path.extname(row.fileName).toLowerCase()}`);
  await pipeline(stream, createWriteStream(file));
  return { file, fileName: row.fileName, done: () => rm(dir, { recursive: true, force: true }) };
}
