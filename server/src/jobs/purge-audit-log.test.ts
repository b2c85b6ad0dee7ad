import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import type { DB } from '../db/database.js';
import { loadConfig } from '../config.js';
import { createTestDb } from '../test/helper.js';
import { purgeAuditLog } from './purge-audit-log.js';
import type { JobContext } from './define-job.js';

let db: Kysely<DB>;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await createTestDb()));
afterAll(() => close());

const row = (daysAgo: number) =>
  db
    .insertInto('auditLog')
    .values({
      action: 'update',
      entity: 'institutions',
      entityId: String(daysAgo),
      at: sql<Date>`now() - make_interval(days => ${daysAgo})` as never,
    })
    .execute();

describe('purge-audit-log', () => {
  it('deletes rows older than AUDIT_RETENTION_DAYS (default 730) in batches, keeps the rest; nothing else can delete', async () => {
    for (const days of [0, 10, 729, 731, 800, 2000]) await row(days);
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.AUDIT_RETENTION_DAYS).toBe(730);
    const ctx = {
      db,
      config,
      log: pino({ level: 'silent' }),
      signal: new AbortController().signal,
    } as unknown as JobContext;
    await purgeAuditLog.run({ batchSize: 2 }, ctx);
    const left = await db.selectFrom('auditLog').select('entityId').orderBy('at', 'desc').execute();
    expect(left.map((r) => r.entityId)).toEqual(['0', '10', '729']);
    await purgeAuditLog.run({}, { ...ctx, config: { ...config, AUDIT_RETENTION_DAYS: 5 } });
    expect((await db.selectFrom('auditLog').select('entityId').execute()).map((r) => r.entityId)).toEqual(['0']);
    // The purge's setting is local to its transaction: a later delete is refused again.
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow('audit_log rows cannot be changed');
  });
});
