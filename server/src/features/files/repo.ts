import type { Insertable } from 'kysely';
import type { Db, FileTable } from '../../db/database.js';

// Checking and committing the files a record refers to is in services/files.ts: every area uses it.

/** Records stored files; answers them in the order given. */
export async function insertFiles(db: Db, rows: Insertable<FileTable>[]) {
  if (!rows.length) return [];
  return db.insertInto('files').values(rows).returning(['id', 'fileName', 'contentType', 'sizeInBytes']).execute();
}

export async function findFile(db: Db, id: number) {
  return db
    .selectFrom('files')
    .select(['id', 'fileName', 'contentType', 'sizeInBytes', 'storageKey', 'public'])
    .where('id', '=', id)
    .executeTakeFirst();
}
