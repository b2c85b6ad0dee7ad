import { sql } from 'kysely';
import { defineJob } from './define-job.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'purge-audit-log': { batchSize?: number };
  }
}

/**
 * Deletes audit rows older than AUDIT_RETENTION_DAYS, in batches, each in a transaction that sets
 * `audit.purge` (migration 0029a's trigger refuses any other delete, and every update): the only path
 * that removes an audit row. Idempotent: a second run finds nothing older.
 */
export const purgeAuditLog = defineJob({
  name: 'purge-audit-log',
  cron: { expression: '23 3 * * *', tz: 'UTC' },
  policy: 'stately',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  async run({ batchSize = 5000 }: { batchSize?: number }, { db, config, log, signal }) {
    let purged = 0;
    for (;;) {
      const deleted = await db.transaction().execute(async (trx) => {
        await sql`select set_config('audit.purge', 'on', true)`.execute(trx);
        const result = await sql`
          delete from audit_log where id in (
            select id from audit_log where at < now() - make_interval(days => ${config.AUDIT_RETENTION_DAYS}) order by at limit ${batchSize}
          )`.execute(trx);
        return Number(result.numAffectedRows ?? 0);
      });
      purged += deleted;
      if (deleted < batchSize || signal.aborted) break;
    }
    log.info({ purged, retentionDays: config.AUDIT_RETENTION_DAYS }, 'purged old audit rows');
  },
});
