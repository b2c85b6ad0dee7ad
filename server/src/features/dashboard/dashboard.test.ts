import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seasonOf } from '@app/contract';
import { createSignedInApp, type TestApp } from '../../test/helper.js';
import { countPerDays, countPerMonth, countSeasonToDate } from './repo.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createSignedInApp()));
afterAll(() => t.close());

let n = 0;
async function seed(rows: Array<{ memberAt?: string | Date; pledgedAt?: string | Date }>): Promise<number[]> {
  const inserted = await t.db
    .insertInto('accounts')
    .values(
      rows.map((r) => ({
        firstName: 'Dana',
        lastName: 'Seed',
        email: `seed${++n}@dash.test`,
        memberAt: r.memberAt ?? null,
        pledgedAt: r.pledgedAt ?? null,
        address: '{}',
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

const counts = (rows: Array<{ count: number }>) => rows.map((r) => r.count);
const get = (url: string, as = cookie) => t.request({ method: 'GET', url, cookie: as });

beforeEach(async () => {
  await t.db.deleteFrom('accounts').where('email', 'like', '%@dash.test').execute();
});

describe('dashboard counts at a fixed moment (2027-01-03 10:00 UTC)', () => {
  const now = new Date('2027-01-03T10:00:00Z');
  let a: number;
  let k: number;
  beforeEach(async () => {
    const ids = await seed([
      { memberAt: '2027-01-03T09:00:00Z', pledgedAt: '2026-12-20T00:00:00Z' }, // a: today
      { memberAt: '2026-12-28T00:00:00Z' }, // first day of the current 7-day window
      { memberAt: '2026-12-27T23:59:59Z' }, // last second of the previous one
      { memberAt: '2026-12-05T00:00:00Z' }, // first day of the current 30-day window
      { memberAt: '2026-12-04T23:00:00Z' },
      { memberAt: '2026-10-25T12:00:00Z' },
      { memberAt: '2026-01-03T23:59:00Z' }, // Spring 2026 up to the same day
      { memberAt: '2026-01-04T00:00:00Z' }, // Spring 2026 after the same day
      { memberAt: '2018-01-02T12:00:00Z' }, // Spring 2018: the 10th season row
      { memberAt: '2017-01-02T12:00:00Z' }, // too old for the season rows
      { memberAt: '2026-12-31T23:30:00-05:00' }, // k: 1 January 2027 in UTC
      { pledgedAt: '2027-01-02T00:00:00Z' },
    ]);
    a = ids[0]!;
    k = ids[10]!;
  });

  it('counts joins per 7 and 30 days, period 0 first', async () => {
    const seven = await countPerDays(t.db, 'joins', 7, now);
    expect(seven.map((r) => r.period_ago)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(counts(seven)).toEqual([3, 1, 0, 0, 2, 0, 0, 0, 0, 0]);
    expect(counts(await countPerDays(t.db, 'joins', 30, now))).toEqual([5, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('counts pledges by pledgedAt, members who pledged included', async () => {
    expect(counts(await countPerDays(t.db, 'pledges', 7, now))).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('compares Spring 2027 to date with Spring 2026 to the same day, back 9 years', async () => {
    const rows = await countSeasonToDate(t.db, 'joins', now);
    expect(rows.map((r) => `${r.season} ${r.year}`)).toEqual([
      'Spring 2027',
      'Spring 2026',
      'Spring 2025',
      'Spring 2024',
      'Spring 2023',
      'Spring 2022',
      'Spring 2021',
      'Spring 2020',
      'Spring 2019',
      'Spring 2018',
    ]);
    expect(counts(rows)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it('compares Fall 2026 with Fall 2025 on 1 July', async () => {
    await seed([
      { memberAt: '2026-07-01T08:00:00Z' },
      { memberAt: '2025-07-01T23:00:00Z' },
      { memberAt: '2025-07-02T00:00:00Z' },
    ]);
    const rows = await countSeasonToDate(t.db, 'joins', new Date('2026-07-01T12:00:00Z'));
    expect(rows.slice(0, 2)).toEqual([
      { season: 'Fall', year: 2026, count: 1 },
      { season: 'Fall', year: 2025, count: 1 },
    ]);
  });

  it('answers 12 months for every year from the first with data to the last', async () => {
    const rows = await countPerMonth(t.db, 'joins');
    expect(rows).toHaveLength(11 * 12);
    expect(rows[0]).toEqual({ year: 2017, month: 1, count: 1 });
    expect(rows.at(-1)).toEqual({ year: 2027, month: 12, count: 0 });
    const at = (year: number, month: number) => rows.find((r) => r.year === year && r.month === month)?.count;
    expect([at(2027, 1), at(2026, 12), at(2026, 11), at(2026, 10), at(2026, 1), at(2018, 1)]).toEqual([
      2, 4, 0, 1, 2, 1,
    ]);
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(11);
    expect(await countPerMonth(t.db, 'pledges')).toHaveLength(12 * 2);
  });

  it('follows updates, deletes and upserts of the accounts', async () => {
    await t.db.updateTable('accounts').set({ memberAt: null }).where('id', '=', a).execute();
    await t.db.updateTable('accounts').set({ firstName: 'Renamed' }).where('email', 'like', '%@dash.test').execute();
    await t.db.deleteFrom('accounts').where('id', '=', k).execute();
    expect(counts(await countPerDays(t.db, 'joins', 7, now)).slice(0, 2)).toEqual([1, 1]);
    expect(counts(await countPerDays(t.db, 'pledges', 7, now)).slice(0, 3)).toEqual([1, 0, 1]);

    await t.db.updateTable('accounts').set({ memberAt: '2027-01-03T00:00:00Z' }).where('id', '=', a).execute();
    await sql`
      insert into accounts (first_name, last_name, email, member_at, address)
      values ('Up', 'Sert', 'seed-upsert@dash.test', '2027-01-02T00:00:00Z', '{}')
      on conflict (lower(email)) do update set member_at = excluded.member_at`.execute(t.db);
    await sql`
      insert into accounts (first_name, last_name, email, member_at, address)
      values ('Up', 'Sert', 'seed-upsert@dash.test', '2026-12-21T00:00:00Z', '{}')
      on conflict (lower(email)) do update set member_at = excluded.member_at`.execute(t.db);
    expect(counts(await countPerDays(t.db, 'joins', 7, now)).slice(0, 2)).toEqual([2, 2]);

    // The kept counts equal a recount of the accounts themselves.
    const { rows: drift } = await sql<{ n: number }>`
      with actual as (
        select 'joins' as kind, (member_at at time zone 'UTC')::date as day, count(*)::int as count from accounts where member_at is not null group by 1, 2
        union all
        select 'pledges', (pledged_at at time zone 'UTC')::date, count(*)::int from accounts where pledged_at is not null group by 1, 2
        union all
        select 'open_pledges', (pledged_at at time zone 'UTC')::date, count(*)::int from accounts where pledged_at is not null and member_at is null group by 1, 2
      )
      select count(*)::int as n from (
        (select kind, day, count from dashboard_daily_counts where count <> 0 except select * from actual)
        union all
        (select * from actual except select kind, day, count from dashboard_daily_counts)
      ) d`.execute(t.db);
    expect(drift[0]!.n).toBe(0);
  });
});

describe('dashboard calls', () => {
  it('answers the three calls for today (UTC)', async () => {
    const now = new Date();
    const eightDaysAgo = new Date(now.getTime() - 8 * 86_400_000);
    await seed([{ memberAt: now, pledgedAt: eightDaysAgo }, { memberAt: eightDaysAgo }]);

    const seven = await get('/api/admin/dashboard/joins/per-days/7');
    expect(seven.statusCode).toBe(200);
    expect(seven.json().slice(0, 2)).toEqual([
      { period_ago: '0', count: 1 },
      { period_ago: '1', count: 1 },
    ]);
    expect(seven.json()).toHaveLength(10);
    expect((await get('/api/admin/dashboard/joins/per-days/30')).json()[0]).toEqual({ period_ago: '0', count: 2 });
    expect((await get('/api/admin/dashboard/pledges/per-days/7')).json().slice(0, 2)).toEqual([
      { period_ago: '0', count: 0 },
      { period_ago: '1', count: 1 },
    ]);

    const season = (await get('/api/admin/dashboard/joins/season-to-date')).json();
    const current = seasonOf(now);
    expect(season).toHaveLength(10);
    expect(season[0]).toMatchObject({ ...current });
    expect(season[0].count).toBeGreaterThanOrEqual(1);
    expect(season[1]).toEqual({ season: current.season, year: current.year - 1, count: 0 });

    const months = (await get('/api/admin/dashboard/joins/per-month')).json();
    expect(
      months.find((r: any) => r.year === now.getUTCFullYear() && r.month === now.getUTCMonth() + 1).count,
    ).toBeGreaterThanOrEqual(1);
    expect(Object.keys(months[0]).sort()).toEqual(['count', 'month', 'year']);
  });

  it('answers an empty list per month when nobody has joined', async () => {
    const res = await get('/api/admin/dashboard/pledges/per-month');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ['/api/admin/dashboard/members/per-days/7', 'type must be joins or pledges'],
    ['/api/admin/dashboard/joins/per-days/14', 'days must be 7 or 30'],
    ['/api/admin/dashboard/pledges/per-days/abc', 'days must be 7 or 30'],
    ['/api/admin/dashboard/JOINS/season-to-date', 'type must be joins or pledges'],
    ['/api/admin/dashboard/x/per-month', 'type must be joins or pledges'],
  ])('refuses %s with 400', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs a signed-in admin', async () => {
    const signedOut = await t.request({ method: 'GET', url: '/api/admin/dashboard/joins/per-days/7' });
    expect(signedOut.statusCode).toBe(401);
    const member = await t.signIn({ admin: false });
    for (const url of [
      '/api/admin/dashboard/joins/per-days/7',
      '/api/admin/dashboard/joins/season-to-date',
      '/api/admin/dashboard/pledges/per-month',
    ]) {
      expect((await get(url, member)).statusCode).toBe(403);
    }
  });
});
