import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type ThrottleOptions = { maxFailures: number; windowMinutes: number };

/** True when any of the keys (an email, an address) has too many recent failed sign-ins. */
export async function isThrottled(db: Db, keys: string[], opts: ThrottleOptions): Promise<boolean> {
  const rows = await db
    .selectFrom('loginFailures')
    .select(['key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('key', 'in', keys)
    .where('failedAt', '>', sql<Date>`now() - make_interval(mins => ${opts.windowMinutes})`)
    .groupBy('key')
    .execute();
  return rows.some((r) => Number(r.n) >= opts.maxFailures);
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  await db.insertInto('loginFailures').values(keys.map((key) => ({ key }))).execute();
  // Keep the table small: forget failures older than a day.
  await db.deleteFrom('loginFailures').where('failedAt', '<', sql<Date>`now() - interval '1 day'`).execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('key', '=', key).execute();
}
