import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, FileTable } from '../../db/database.js';

type Conn = Kysely<DB> | Transaction<DB>;

/** Records stored files; answers them in the order given. */
export async function insertFiles(db: Conn, rows: Insertable<FileTable>[]) {
  if (!rows.length) return [];
  return db
    .insertInto('files')
    .values(rows)
    .returning(['id', 'fileName', 'contentType', 'sizeInBytes'])
    .execute();
}

export async function findFile(db: Conn, id: number) {
  return db
    .selectFrom('files')
    .select(['id', 'fileName', 'contentType', 'sizeInBytes', 'storageKey', 'public'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Makes files uploaded with `commit=false` permanent, once the record that uses them is saved. */
export async function commitFiles(db: Conn, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('files').set({ committed: true }).where('id', 'in', ids).execute();
}
