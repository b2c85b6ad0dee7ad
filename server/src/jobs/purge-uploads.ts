import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { defineJob } from './define-job.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'purge-uploads': { batchSize?: number };
  }
}

/** An upload nobody committed within this long was abandoned (a form closed without saving). */
export const UNCOMMITTED_TTL_HOURS = 24;

/**
 * Deletes uploads left uncommitted for 24 h: the stored bytes first, then the row, in batches.
 * Idempotent: deleting an object that is already gone succeeds, and a batch whose bytes were
 * deleted but whose rows were not (a crash, an S3 error) is simply found again on the next run.
 * Rows are locked while their bytes go, so a save committing one of them waits and then finds it
 * gone instead of pointing at missing bytes; any file some record refers to (through a foreign key
 * to `files`, whichever area declares it) is kept even when uncommitted.
 */
export const purgeUploads = defineJob({
  name: 'purge-uploads',
  cron: { expression: '17 * * * *', tz: 'UTC' },
  // One run at a time across every worker, and at most one more waiting.
  policy: 'stately',
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  async run({ batchSize = 200 }: { batchSize?: number }, { db, storage, log, signal }) {
    const references = await fileReferences(db);
    let purged = 0;
    for (;;) {
      const deleted = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('files')
          .select(['id', 'storageKey'])
          .where('committed', '=', false)
          .where('createdAt', '<', sql<Date>`now() - make_interval(hours => ${UNCOMMITTED_TTL_HOURS})`)
          .where((eb) =>
            eb.and(
              references.map(({ schema, table, column }) =>
                eb.not(eb.exists(sql`(select from ${sql.id(schema, table)} r where r.${sql.id(column)} = files.id)`)),
              ),
            ),
          )
          .orderBy('id')
          .limit(batchSize)
          .forUpdate()
          .skipLocked()
          .execute();
        if (!rows.length) return 0;
        await Promise.all(rows.map((r) => storage.delete(r.storageKey)));
        await trx
          .deleteFrom('files')
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
        return rows.length;
      });
      purged += deleted;
      if (deleted < batchSize || signal.aborted) break;
    }
    log.info({ purged }, 'purged uncommitted uploads');
  },
});

/** Every single-column foreign key to `files.id`, read from the catalog so later areas are covered too. */
async function fileReferences(db: Kysely<DB>): Promise<Array<{ schema: string; table: string; column: string }>> {
  const { rows } = await sql<{ schema: string; table: string; column: string }>`
    select n.nspname as schema, c.relname as table, a.attname as column
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    where k.contype = 'f' and k.confrelid = 'files'::regclass and cardinality(k.conkey) = 1
    order by 1, 2, 3`.execute(db.withoutPlugins());
  return rows;
}
