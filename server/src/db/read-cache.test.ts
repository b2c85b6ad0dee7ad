import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSignedInApp, type TestApp } from '../test/helper.js';
import { cachedRead } from './read-cache.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const institution = (name: string) => ({
  name,
  abbreviation: name.slice(0, 8),
  type: 'Business',
  ownership: 'Public',
  address: '{}',
});
const names = async (url: string) =>
  ((await t.request({ method: 'GET', url, cookie })).json().items as Array<{ name: string }>).map((i) => i.name);

describe('cached reads', () => {
  it('read once while the tables are unchanged, and afresh after any write to one of them', async () => {
    let reads = 0;
    const read = () => cachedRead(t.db, ['institutions', 'files'], 'counted', async () => ++reads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    await t.db.insertInto('institutions').values(institution('Versioned A')).execute();
    expect(await read()).toBe(2);
    await t.db
      .updateTable('institutions')
      .set({ website: 'https://a.example' })
      .where('name', '=', 'Versioned A')
      .execute();
    expect(await read()).toBe(3);
    await sql`update files set file_name = file_name where false`.execute(t.db); // a statement, even of no row, is a write
    expect(await read()).toBe(4);
    await t.db.deleteFrom('institutions').where('name', '=', 'Versioned A').execute();
    expect(await read()).toBe(5);
    // A rolled-back write leaves the version as it was.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('institutions').values(institution('Rolled back')).execute();
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await read()).toBe(5);
    // Concurrent misses share one read; another key reads for itself.
    await t.db.insertInto('institutions').values(institution('Versioned B')).execute();
    expect(await Promise.all([read(), read(), read()])).toEqual([6, 6, 6]);
    expect(await cachedRead(t.db, ['institutions', 'files'], 'other', async () => 'other')).toBe('other');
  });

  it('always read inside a transaction, and after a failed read', async () => {
    let reads = 0;
    await t.db.transaction().execute(async (trx) => {
      await cachedRead(trx, ['institutions'], 'in trx', async () => ++reads);
      await cachedRead(trx, ['institutions'], 'in trx', async () => ++reads);
    });
    expect(reads).toBe(2);
    await expect(
      cachedRead(t.db, ['institutions'], 'failing', async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await cachedRead(t.db, ['institutions'], 'failing', async () => 'recovered')).toBe('recovered');
  });

  it('a list shows a write made straight in the database (another instance, a job) on the next request', async () => {
    const url = '/api/admin/institutions?search=versioned%20list&sort=name:asc';
    await t.db.insertInto('institutions').values(institution('Versioned List 1')).execute();
    expect(await names(url)).toEqual(['Versioned List 1']);
    await sql`update institutions set name = 'Versioned List 2' where name = 'Versioned List 1'`.execute(t.db);
    expect(await names(url)).toEqual(['Versioned List 2']);
    await t.db
      .insertInto('chapters')
      .values({
        name: 'Versioned Chapter',
        abbreviation: 'VC',
        institutionId: (
          await t.db
            .selectFrom('institutions')
            .select('id')
            .where('name', '=', 'Versioned List 2')
            .executeTakeFirstOrThrow()
        ).id,
        address: '{}',
      } as never)
      .execute();
    const chapters = '/api/admin/chapters?search=versioned%20chapter';
    expect(await names(chapters)).toEqual(['Versioned Chapter']);
    await sql`update chapters set name = 'Versioned Chapter Renamed' where name = 'Versioned Chapter'`.execute(t.db);
    expect(await names(chapters)).toEqual(['Versioned Chapter Renamed']);
  });
});
