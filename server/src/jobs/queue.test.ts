import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/helper.js';
import { defineJob } from './define-job.js';
import type { JobQueue } from './queue.js';
import { startTestQueue, type LogLine } from '../test/queue.js';

const seen: string[] = [];
const echo = defineJob({
  name: 'test-echo',
  async run({ text }: { text: string }) {
    seen.push(text);
  },
});

const attempts: number[] = [];
const flaky = defineJob({
  name: 'test-flaky',
  retry: { limit: 3, delaySeconds: 1, backoff: true },
  async run(_data: { n: number }, { job }) {
    attempts.push(Date.now());
    if (job.retryCount < 2) throw new Error(`not yet (attempt ${job.retryCount + 1})`);
  },
});

const slow = { started: false, finished: false };
const slowJob = defineJob({
  name: 'test-slow',
  async run(_data: object) {
    slow.started = true;
    await new Promise((resolve) => setTimeout(resolve, 700));
    slow.finished = true;
  },
});

let t: TestApp;
let queue: JobQueue<typeof echo | typeof flaky | typeof slowJob>;
let logs: LogLine[];

beforeAll(async () => {
  t = await createTestApp();
  ({ queue, logs } = await startTestQueue(t, [echo, flaky, slowJob]));
});

afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

const waitFor = (check: () => void | Promise<void>, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 50 });

describe('job queue', () => {
  it('runs a job that was sent, and records it completed', async () => {
    const id = await queue.send('test-echo', { text: 'hello' });
    await waitFor(() => expect(seen).toContain('hello'));
    await waitFor(async () => {
      const [job] = await queue.boss.findJobs('test-echo', { id: id! });
      expect(job?.state).toBe('completed');
    });
    expect(logs.filter((l) => l.job === 'test-echo').map((l) => l.msg)).toEqual(['job started', 'job succeeded']);
  });

  it('retries a failing job with a growing delay, then it succeeds', async () => {
    const id = await queue.send('test-flaky', { n: 1 });
    await waitFor(async () => {
      const [job] = await queue.boss.findJobs('test-flaky', { id: id! });
      expect(job?.state).toBe('completed');
    });
    expect(attempts).toHaveLength(3);
    // Backoff from a 1 s delay: the first retry waits 1-2 s, the second 2-4 s (random jitter within).
    const [first, second] = [attempts[1]! - attempts[0]!, attempts[2]! - attempts[1]!];
    expect(first).toBeGreaterThanOrEqual(1000);
    expect(second).toBeGreaterThanOrEqual(2000);

    const flakyLogs = logs.filter((l) => l.job === 'test-flaky');
    expect(flakyLogs.map((l) => [l.msg, l.attempt])).toEqual([
      ['job started', 1],
      ['job failed, will retry', 1],
      ['job started (retry)', 2],
      ['job failed, will retry', 2],
      ['job started (retry)', 3],
      ['job succeeded', 3],
    ]);
    expect(flakyLogs[1]!.err?.message).toBe('not yet (attempt 1)');
  });

  it('sends a job inside a Kysely transaction only when it commits', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queue.send('test-echo', { text: 'rolled back' }, { db: trx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await queue.send('test-echo', { text: 'committed' }, { db: trx });
    });

    await waitFor(() => expect(seen).toContain('committed'));
    expect(seen).not.toContain('rolled back');
    expect(await queue.boss.findJobs('test-echo', { data: { text: 'rolled back' } })).toEqual([]);
  });

  // Last: it stops the queue.
  it('stop lets a running job finish first', async () => {
    const id = await queue.send('test-slow', {});
    await waitFor(() => expect(slow.started).toBe(true));
    await queue.stop();
    expect(slow.finished).toBe(true);
    const { rows } = await sql<{ state: string }>`select state from pgboss.job where id = ${id}`.execute(t.db);
    expect(rows[0]?.state).toBe('completed');
  });

  it('is not reachable from an app built without one: sending says so', async () => {
    await expect(t.app.jobs.send('purge-uploads', {})).rejects.toThrow(/no job queue was given to buildApp/);
  });
});
