import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Storage } from '../../plugins/storage.js';
import type { Person } from './person.js';

export type Upload = { id: number; storageKey: string };

/**
 * The files the person uploaded (their non-staff accounts'; a staff member's uploads are the society's records),
 * read before an erasure deletes or anonymises their accounts.
 */
export async function uploadsOf(db: Db, p: Person): Promise<Upload[]> {
  const { rows } = await sql<Upload>`
    select f.id, f.storage_key from files f join accounts a on a.id = f.uploaded_by
    where a.id = any(${p.accountIds}::int[]) and not a.admin`.execute(db);
  return rows;
}

/**
 * Removes the person's uploads (issue 36 §3): each file from storage (disk or S3), and its row where nothing
 * else points at it (a row still referenced stays, its file gone). Answers the files removed.
 */
export async function removeUploads(db: Db, storage: Storage, uploads: Upload[]): Promise<number> {
  for (const f of uploads) {
    await storage.delete(f.storageKey);
    await db
      .deleteFrom('files')
      .where('id', '=', f.id)
      .execute()
      .catch(() => undefined);
  }
  return uploads.length;
}
