import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInApp, type TestApp } from '../test/helper.js';
import { sqlLiteral } from './copy-csv.js';
import { dbPools } from './database.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

const hostile = [
  "O'Hara",
  "x'); drop table institutions; --",
  "\\'; select 1; --",
  "E'\\\\' || pg_sleep(5) || '",
  '$1 $$ $tag$ :name ?',
  'back\\slash and "double" quotes',
  'tab\tand\nnewline, comma',
  'unicode ✓ ü 漢字 😀',
  '',
];

describe('sqlLiteral', () => {
  it.each(hostile)('writes %j as a literal PostgreSQL reads back unchanged', async (text) => {
    const { rows } = await sql.raw<{ v: string }>(`select ${sqlLiteral(text)}::text as v`).execute(t.db);
    expect(rows[0]!.v).toBe(text);
  });

  it('writes numbers, booleans, dates, arrays, JSON, bytes and null as bind parameters would arrive', async () => {
    const when = new Date('2024-02-29T12:34:56.789Z');
    const q = `select ${sqlLiteral(-12.5)}::numeric as n, ${sqlLiteral(9007199254740993n)}::bigint::text as big,
      ${sqlLiteral(true)}::boolean as b, ${sqlLiteral(when)}::timestamptz as d,
      ${sqlLiteral(['a', "b'c", 'd"e\\f', null])}::text[] as arr, ${sqlLiteral({ k: "it's" })}::jsonb as j,
      ${sqlLiteral(Buffer.from([0, 255]))}::bytea as bytes, ${sqlLiteral(null)}::text as nothing`;
    const { rows } = await sql.raw<Record<string, unknown>>(q).execute(t.db);
    expect(rows[0]).toEqual({
      n: -12.5,
      big: '9007199254740993',
      b: true,
      d: when,
      arr: ['a', "b'c", 'd"e\\f', null],
      j: { k: "it's" },
      bytes: Buffer.from([0, 255]),
      nothing: null,
    });
  });

  it('refuses what PostgreSQL text cannot hold', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(new Date('nope'))).toThrow();
  });
});

describe('exports through COPY', () => {
  beforeAll(async () => {
    const base = { type: 'College', ownership: 'Private', address: JSON.stringify({ city: '@Home', street1: 'x' }) };
    await t.db
      .insertInto('institutions')
      .values([
        { ...base, name: "O'Hara College", abbreviation: 'OHC' },
        { ...base, name: '=HYPERLINK("http://evil.test","click")', abbreviation: '+1' },
        { ...base, name: 'Plain-Name Institute', abbreviation: '-PNI', population: '-3+4' },
      ])
      .execute();
  });

  const exportBody = async (qs: string) => {
    const res = await t.request({ method: 'GET', url: `/api/admin/institutions/export?${qs}`, cookie });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it.each(hostile.filter(Boolean))('keeps hostile search text %j inside its literal', async (search) => {
    const body = await exportBody(`search=${encodeURIComponent(search)}`);
    const expected = search === "O'Hara" ? 1 : 0;
    expect(body.trim().split('\n')).toHaveLength(1 + expected);
    // Still there: nothing in the search text ran as SQL.
    expect((await t.db.selectFrom('institutions').select('id').execute()).length).toBe(3);
  });

  it('neutralises formula cells in SQL and leaves inner characters alone', async () => {
    const lines = (await exportBody('sort=name:asc')).trim().split('\n');
    expect(lines[0]).toBe(
      'id,name,abbreviation,type,ownership,religiousAffiliation,financialModel,legacyId,website,population,street1,street2,city,state,postalCode,country',
    );
    const cells = lines.slice(1).map((l) => l.replace(/^\d+,/, ''));
    expect(cells).toEqual([
      `"'=HYPERLINK(""http://evil.test"",""click"")",'+1,College,Private,Unknown,Unknown,,,,x,,'@Home,,,`,
      `O'Hara College,OHC,College,Private,Unknown,Unknown,,,,x,,'@Home,,,`,
      `Plain-Name Institute,'-PNI,College,Private,Unknown,Unknown,,,'-3+4,x,,'@Home,,,`,
    ]);
  });

  it('gives the connection back when the client disconnects mid-export', async () => {
    const pool = dbPools.get(t.db)!;
    // About 17 MB of CSV (wide rows in an unindexed column): far more than socket buffers hold.
    await sql`insert into institutions (name, type, abbreviation, ownership, website)
      select 'Bulk ' || g, 'College', 'B', 'Public', repeat('w', 300) from generate_series(1, 50000) g`.execute(t.db);
    await sql`analyze institutions`.execute(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const abortAfterFirstChunk = () =>
      new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/api/admin/institutions/export?sort=id:asc', headers: { cookie } },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(err)));
        req.end();
      });
    // More aborted exports than the pool has connections: a leak would leave the next query waiting.
    for (let i = 0; i < pool.options.max! + 2; i++) await abortAfterFirstChunk();
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_activity where query like 'COPY (%' and pid <> pg_backend_pid()`.execute(
              t.db,
            )
          ).rows[0]!.n,
        { timeout: 5_000 },
      )
      .toBe(0);
    const after = await t.request({ method: 'GET', url: '/api/admin/institutions/export?search=OHC', cookie });
    expect(after.statusCode).toBe(200);
  });
});
