import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, FileTable } from '../../db/database.js';
import { AppError } from '../../errors.js';

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

/**
 * Checks the files a record refers to, by label, and answers their ids: 400 `{label} file not found`
 * for the first one that is not stored.
 * @example const ids = await checkFileReferences(db, [['Logo', input.logoId]]);
 */
export async function checkFileReferences(db: Conn, refs: Array<[label: string, id: number | null]>): Promise<number[]> {
  const ids = refs.flatMap(([, id]) => (id ? [id] : []));
  if (!ids.length) return [];
  const found = new Set((await db.selectFrom('files').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  const missing = refs.find(([, id]) => id && !found.has(id));
  if (missing) throw new AppError(400, `${missing[0]} file not found`);
  return ids;
}
