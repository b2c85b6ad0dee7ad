import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/helper.js';
import { jobDefinitions, type RegisteredJob } from './registry.js';
import type { JobQueue } from './queue.js';
import { startTestQueue } from '../test/queue.js';

let t: TestApp;
let queue: JobQueue<RegisteredJob>;

beforeAll(async () => {
  t = await createTestApp();
  ({ queue } = await startTestQueue(t, jobDefinitions));
});

afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

/** Stores bytes and records them, `hoursAgo` old. */
async function upload(name: string, { committed, hoursAgo }: { committed: boolean; hoursAgo: number }) {
  const storageKey = `test/${name}`;
  await t.app.storage.put(storageKey, Buffer.from(name), 'text/plain');
  const { id } = await t.db
    .insertInto('files')
    .values({
      storageKey,
      folder: 'test',
      fileName: `${name}.txt`,
      contentType: 'text/plain',
      sizeInBytes: name.length,
      committed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`update files set created_at = now() - make_interval(hours => ${hoursAgo}) where id = ${id}`.execute(t.db);
  return { id, storageKey };
}

const rowExists = async (id: number) =>
  !!(await t.db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst());
const bytesExist = async (key: string) => {
  const stream = await t.app.storage.get(key);
  stream?.destroy();
  return stream !== null;
};

async function runPurge(batchSize: number) {
  const id = await queue.send('purge-uploads', { batchSize });
  expect(id).toBeTruthy();
  await vi.waitFor(
    async () => {
      const [job] = await queue.boss.findJobs('purge-uploads', { id: id! });
      expect(job?.state).toBe('completed');
    },
    { timeout: 15_000, interval: 50 },
  );
}

describe('purge-uploads job', () => {
  it('is scheduled hourly, one run at a time', async () => {
    const [schedule] = await queue.boss.getSchedules('purge-uploads');
    expect(schedule).toMatchObject({ cron: '17 * * * *', timezone: 'UTC' });
    expect((await queue.boss.getQueue('purge-uploads'))?.policy).toBe('stately');
  });

  it('deletes uploads left uncommitted for 24 h, row and bytes, in batches; keeps new, committed and referenced ones', async () => {
    const old = await Promise.all(
      ['old-1', 'old-2', 'old-3'].map((n) => upload(n, { committed: false, hoursAgo: 25 })),
    );
    const fresh = await upload('fresh', { committed: false, hoursAgo: 23 });
    const committed = await upload('committed', { committed: true, hoursAgo: 48 });
    // Uncommitted yet used by a record (today's code commits such files; the job must not rely on it).
    const referenced = await upload('referenced', { committed: false, hoursAgo: 48 });
    await sql`insert into institutions (name, type, abbreviation, ownership, logo_id)
              values ('Purge Test College', 'University', 'PTC', 'Public', ${referenced.id})`.execute(t.db);
    // An earlier run deleted these bytes but not the row: finding it again must not fail.
    const bytesGone = await upload('bytes-gone', { committed: false, hoursAgo: 30 });
    await t.app.storage.delete(bytesGone.storageKey);

    await runPurge(2); // 4 to purge: batches of 2, 2 and 0

    for (const file of [...old, bytesGone]) {
      expect(await rowExists(file.id)).toBe(false);
      expect(await bytesExist(file.storageKey)).toBe(false);
    }
    for (const file of [fresh, committed, referenced]) {
      expect(await rowExists(file.id)).toBe(true);
      expect(await bytesExist(file.storageKey)).toBe(true);
    }

    // Idempotent: a second run finds nothing more to delete.
    await runPurge(2);
    expect(await rowExists(fresh.id)).toBe(true);
    expect(await rowExists(referenced.id)).toBe(true);
  });
});
