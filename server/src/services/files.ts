import type { Kysely, Selectable, Transaction } from 'kysely';
import type { UploadedFile } from '@app/contract';
import type { DB, Db, FileTable } from '../db/database.js';
import { AppError } from '../errors.js';

// What any area needs of stored files: how one is shown, and saving a record that refers to uploads.

export type FileRow = Pick<Selectable<FileTable>, 'id' | 'fileName' | 'contentType' | 'sizeInBytes'>;

/** Where a stored file is served: public ones to anyone, private ones to staff only. */
export function fileUrl(file: Pick<FileRow, 'id' | 'fileName'>): string {
  return `/api/files/${file.id}/${encodeURIComponent(file.fileName)}`;
}

export function toUploadedFile(file: FileRow): UploadedFile {
  return {
    id: file.id,
    fileName: file.fileName,
    url: fileUrl(file),
    sizeInBytes: file.sizeInBytes,
    contentType: file.contentType,
  };
}

/** A file a record refers to, by the label its error names: `['Logo', input.logoId]`. */
export type FileReference = [label: string, id: number | null | undefined];

/**
 * Checks the files a record refers to and answers their ids: 400 `{label} file not found` for the
 * first one that is not stored.
 */
export async function checkFileReferences(db: Db, refs: FileReference[]): Promise<number[]> {
  const ids = refs.flatMap(([, id]) => (id ? [id] : []));
  if (!ids.length) return [];
  const found = new Set((await db.selectFrom('files').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  const missing = refs.find(([, id]) => id && !found.has(id));
  if (missing) throw new AppError(400, `${missing[0]} file not found`);
  return ids;
}

/** Makes files uploaded with `commit=false` permanent, once the record that uses them is saved. */
export async function commitFiles(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('files').set({ committed: true }).where('id', 'in', ids).execute();
}

/**
 * Saves a record that refers to uploaded files, in one transaction: checks the files exist (400
 * `{label} file not found`), runs `write`, then commits the files so they are no longer purged as
 * abandoned uploads. A throw from `write` (e.g. a 404) rolls it all back and commits nothing.
 * @example const id = await saveWithFiles(db, [['Logo', body.logoId]], (trx) => repo.createInstitution(trx, body));
 */
export async function saveWithFiles<T>(
  db: Kysely<DB>,
  refs: FileReference[],
  write: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const fileIds = await checkFileReferences(trx, refs);
    const result = await write(trx);
    await commitFiles(trx, fileIds);
    return result;
  });
}
