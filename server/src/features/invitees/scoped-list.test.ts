/**
 * An advisor's invitee lists (issue 35 §3, fast path): the total comes from the kept counts of its chapter's
 * invitations (or, with a search or several filters, from counting), and the first pages in id or row order merge
 * the first rows of each invitation. Every total and page must equal what the rows themselves say, for each
 * filter the list takes, across the advisor's two invitations and beside another chapter's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { INVITE_COUNT_FILTERS, INVITEE_EVENT_KEYS } from '@app/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { makeChapter } from '../../test/fixtures.js';
import { makeScopedStaff } from '../../test/scope-fixtures.js';
import { refreshCounts } from '../../services/invitation-processing/counts.js';

const PASSWORD = 'Scoped-list-pass-8830';
let t: TestApp;
let advisor: string;
let own: number[];
let other: number;

/** A processed invitation of the chapter with `n` invitees whose flags vary with their row number. */
async function invitation(chapter: { institutionId: number; chapterId: number }, n: number, tag: string) {
  const { id } = await t.db
    .insertInto('invitations')
    .values({
      chapterId: chapter.chapterId,
      institutionId: chapter.institutionId,
      deadline: '2030-01-31',
      orientationDate: '2030-02-15',
      status: 'Ready',
      processedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into invitees (invitation_id, row_number, first_name, last_name, email, removed, invitation_code,
      invite_count, test_value, legacy_pledge_at, legacy_paid_at, email_sent, email_opened)
    select ${id}, g, 'First' || g, ${tag} || (g * 7919 % 101), ${tag} || g || '@example.test', g % 5 = 0,
      ${tag.toUpperCase()} || ${id} || 'X' || g, 1 + g % 4 + (g % 11 = 0)::int, case when g % 3 = 0 then 'Variation' when g % 3 = 1 then 'Control' end,
      case when g % 4 = 0 then now() end, case when g % 8 = 0 then now() end, g % 2 = 0, g % 6 = 0
    from generate_series(1, ${n}) g`.execute(t.db);
  await refreshCounts(t.db, id);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeChapter(t.db, ['Scoped List University', 'SLU'], ['Scoped List Chapter', 'SLC']);
  const b = await makeChapter(t.db, ['Other List University', 'OLU'], ['Other List Chapter', 'OLC']);
  // Row numbers interleave the advisor's two invitations, so a merged page takes from both.
  own = [await invitation(a, 37, 'alpha'), await invitation(a, 23, 'alpha')];
  other = await invitation(b, 41, 'bravo');
  await makeScopedStaff(t.db, 'list.advisor@example.test', PASSWORD, ['ROLE_ADVISOR'], [a.chapterId]);
  advisor = await t.signIn({ email: 'list.advisor@example.test', password: PASSWORD });
});
afterAll(() => t?.close());

const list = async (url: string) => {
  const res = await t.request({ method: 'GET', url, cookie: advisor });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json() as { items: Array<{ id: number; invitation: { id: number } }>; pagination: { totalItems: number } };
};

/** Every invitee of `invitations` under the query's filters, in the query's order, read by the admin. */
async function expected(qs: string, invitations: number[]) {
  const admin = await t.signIn();
  const rows: Array<{ id: number; invitation: { id: number } }> = [];
  for (let page = 1; ; page++) {
    const url = `/api/admin/logistics/invitees?${qs}&pageSize=100&page=${page}`;
    const items = (await t.request({ method: 'GET', url, cookie: admin })).json().items;
    rows.push(...items);
    if (items.length < 100) break;
  }
  return rows.filter((i) => invitations.includes(i.invitation.id)).map((i) => i.id);
}

const filters = [
  '',
  'removed=1',
  'removed=0',
  'test=1',
  'test=0',
  ...INVITE_COUNT_FILTERS.map((v) => `inviteCount=${encodeURIComponent(v)}`),
  ...INVITEE_EVENT_KEYS.map((v) => `event=${v}`),
  'removed=0&inviteCount=2',
  'search=alpha1',
];

describe("an advisor's invitee lists", () => {
  it.each(filters)('every invitation, %s: the total and each page are exact', async (qs) => {
    for (const sort of ['id:asc', 'id:desc', 'rowNumber:asc', 'rowNumber:desc', 'lastName:asc']) {
      const all = await expected(`${qs}&sort=${sort}`, own);
      const first = await list(`/api/admin/logistics/invitees?${qs}&sort=${sort}&pageSize=7`);
      expect(first.pagination.totalItems, `${qs} ${sort}`).toBe(all.length);
      expect(
        first.items.map((i) => i.id),
        `${qs} ${sort}`,
      ).toEqual(all.slice(0, 7));
      const third = await list(`/api/admin/logistics/invitees?${qs}&sort=${sort}&pageSize=7&page=3`);
      expect(
        third.items.map((i) => i.id),
        `${qs} ${sort} page 3`,
      ).toEqual(all.slice(14, 21));
    }
  });

  it.each(filters)('one invitation, %s: the total and the first page are exact', async (qs) => {
    const all = await expected(`${qs}&sort=rowNumber:asc`, [own[1]!]);
    const page = await list(`/api/admin/logistics/invitations/${own[1]}/invitees?${qs}&sort=rowNumber:asc&pageSize=5`);
    expect(page.pagination.totalItems, qs).toBe(all.length);
    expect(page.items.map((i) => i.id)).toEqual(all.slice(0, 5));
  });

  it("another chapter's invitation is not found, and its invitees are in no total", async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/logistics/invitations/${other}/invitees`,
      cookie: advisor,
    });
    expect(res.statusCode).toBe(404);
    const everything = await list('/api/admin/logistics/invitees?pageSize=100');
    expect(everything.pagination.totalItems).toBe(60);
    expect(everything.items.every((i) => own.includes(i.invitation.id))).toBe(true);
  });
});
