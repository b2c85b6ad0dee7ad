import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSignedInApp, type TestApp } from '../test/helper.js';
import { tableRowCount } from './row-counts.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const institution = (name: string, type = 'Business') => ({
  name,
  abbreviation: name.slice(0, 8),
  type,
  ownership: 'Public',
  address: '{}',
});
const actual = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from institutions`.execute(t.db)).rows[0]!.n);

describe('kept row counts', () => {
  it('follow bulk inserts, deletes, rolled-back writes and truncate exactly', async () => {
    await t.db
      .insertInto('institutions')
      .values(Array.from({ length: 25 }, (_, i) => institution(`Bulk ${i}`)))
      .execute();
    expect(await tableRowCount(t.db, 'institutions')).toBe(await actual());
    await t.db.deleteFrom('institutions').where('name', 'like', 'Bulk 1%').execute();
    expect(await tableRowCount(t.db, 'institutions')).toBe(await actual());
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('institutions').values(institution('Rolled back')).execute();
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await tableRowCount(t.db, 'institutions')).toBe(await actual());
    expect(await tableRowCount(t.db, 'no_such_table')).toBeUndefined();
  });

  it('give an unfiltered list its total, while a filtered one counts its matches', async () => {
    await t.db
      .insertInto('institutions')
      .values([institution('Count College', 'Community College'), institution('Count Corp')])
      .execute();
    const all = await t.request({ method: 'GET', url: '/api/admin/institutions?pageSize=5', cookie });
    expect(all.json().pagination.totalItems).toBe(await actual());
    // A drifted kept count would show up here: the unfiltered total must come from row_counts (another
    // page size, as the page read above is remembered until institutions change: read-cache.ts).
    await sql`update row_counts set n = n + 1000 where table_name = 'institutions'`.execute(t.db);
    const drifted = await t.request({ method: 'GET', url: '/api/admin/institutions?pageSize=6', cookie });
    expect(drifted.json().pagination.totalItems).toBe((await actual()) + 1000);
    const filtered = await t.request({
      method: 'GET',
      url: '/api/admin/institutions?type=Community%20College',
      cookie,
    });
    expect(filtered.json().pagination.totalItems).toBe(1);
    await sql`update row_counts set n = n - 1000 where table_name = 'institutions'`.execute(t.db);
    await sql`truncate institutions cascade`.execute(t.db);
    expect(await tableRowCount(t.db, 'institutions')).toBe(0);
  });
});
