import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Up to 1,000 queued sends to `domain` (one pass runs at a time, so none is in flight when this runs). */
export async function queuedTo(db: Db, domain: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from email_sends
    where status = 'queued' and lower(split_part(email_to, '@', 2)) = ${domain}
    order by id limit 1000`.execute(db);
  return rows.map((r) => Number(r.id));
}
