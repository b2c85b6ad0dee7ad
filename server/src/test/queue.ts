import { Writable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { inject } from 'vitest';
import type { DB } from '../db/database.js';
import type { TestApp } from './helper.js';
import type { AnyJobDefinition } from '../jobs/define-job.js';
import { JobQueue } from '../jobs/queue.js';

export type LogLine = {
  msg: string;
  level: number;
  job?: string;
  attempt?: number;
  err?: { message: string };
  [key: string]: unknown;
};

/**
 * For tests: a working queue on the test app's own database (pg-boss installs its schema there),
 * polling every 0.5 s, with every log line it writes collected in `logs`.
 */
export async function startTestQueue<D extends AnyJobDefinition>(t: TestApp, definitions: readonly D[]) {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const url = new URL(inject('testDb').adminUrl);
  url.pathname = `/${rows[0]!.name}`;
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)) as LogLine);
      done();
    },
  });
  const queue = new JobQueue({
    connectionString: url.toString(),
    definitions,
    // The test app's db is the app's Kysely (never a transaction), whatever TestApp declares.
    services: { db: t.db as Kysely<DB>, storage: t.app.storage, config: t.config },
    work: true,
    pollingIntervalSeconds: 0.5,
    poolSize: 3,
    stopTimeoutMs: 1000,
  });
  await queue.start(pino({ level: 'info' }, sink));
  return { queue, logs };
}
