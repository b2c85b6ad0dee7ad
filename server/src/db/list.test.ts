import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';
import { pageOfRows, paginate, paginateRows } from './list.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insertInto('institutions')
    .values(
      ['Gamma', 'Alpha', 'Beta', 'Delta', 'Alpha'].map((name, i) => ({
        name,
        abbreviation: `A${i}`,
        type: 'Business',
        ownership: 'Public',
        address: '{}',
      })),
    )
    .execute();
});
afterAll(() => t.close());

/** The same database, counting the statements sent (by their results: a subquery is compiled on its own too). */
function counting() {
  const counter = { n: 0 };
  const db = t.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.n++;
      return args.result;
    },
  });
  return { db, counter };
}

describe('paginate', () => {
  it('answers a page and its total in one statement, sorted with an id tie-break', async () => {
    const { db, counter } = counting();
    const page = await paginate(
      db.selectFrom('institutions').select(['id', 'name']),
      { page: 2, pageSize: 2, sort: [{ field: 'name', direction: 'asc' }] },
      { name: 'name' },
    );
    expect(counter.n).toBe(1);
    expect(page.pagination).toEqual({
      currentPage: 2,
      hasPreviousPage: true,
      hasNextPage: true,
      perPage: 2,
      totalItems: 5,
      totalPages: 3,
    });
    expect(page.items.map((r) => r.name)).toEqual(['Beta', 'Delta']);
    expect(Object.keys(page.items[0]!)).toEqual(['id', 'name']);
  });

  it('still knows the total past the last page', async () => {
    const page = await paginate(t.db.selectFrom('institutions').select('id'), { page: 9, pageSize: 2, sort: [] }, {});
    expect(page.items).toEqual([]);
    expect(page.pagination).toMatchObject({ totalItems: 5, totalPages: 3, hasNextPage: false });
  });

  it('uses a caller total when given with a separate count', async () => {
    const page = await paginate(
      t.db.selectFrom('institutions').select('id'),
      { page: 1, pageSize: 2, sort: [] },
      {},
      'id',
      { count: 'separate', total: async () => 42 },
    );
    expect(page.pagination.totalItems).toBe(42);
  });

  it.each([
    [[{ field: 'name', direction: 'asc' }], false],
    [[{ field: 'name', direction: 'desc' }], true],
    [[{ field: 'name', direction: 'desc' }], false],
  ] as const)(
    'reads pages past the middle from the far end with the same rows (sort %o, tie-break follows %s)',
    async (sort, follows) => {
      const qb = () => t.db.selectFrom('institutions').select(['id', 'name']);
      for (const pageSize of [1, 2, 3]) {
        for (let p = 1; p <= Math.ceil(5 / pageSize); p++) {
          const query = { page: p, pageSize, sort: [...sort] };
          const plain = await paginate(qb(), query, { name: 'name' }, 'id', {
            count: 'window',
            tieBreakerFollowsSort: follows,
          });
          const fast = await paginate(qb(), query, { name: 'name' }, 'id', {
            count: 'separate',
            tieBreakerFollowsSort: follows,
            total: async () => 5,
          });
          expect(fast).toEqual(plain);
        }
      }
    },
  );
});

describe('paginateRows', () => {
  const ids = () => t.db.selectFrom('institutions as i').select('i.id');
  const full = (db = t.db) => db.selectFrom('institutions as i').select(['i.id', 'i.name', 'i.abbreviation']);
  const load = async (list: number[]) => full().where('i.id', 'in', list).execute();

  it.each([
    [[{ field: 'name', direction: 'asc' }], false],
    [[{ field: 'name', direction: 'desc' }], true],
    [[], false],
  ] as const)(
    'answers the same pages as paginate then pageOfRows, far end included (sort %o, tie-break follows %s)',
    async (sort, follows) => {
      for (const pageSize of [1, 2, 3, 5]) {
        for (let p = 1; p <= Math.ceil(5 / pageSize) + 1; p++) {
          const query = { page: p, pageSize, sort: [...sort] };
          const options = { tieBreakerFollowsSort: follows, total: async () => 5 };
          const twoSteps = await pageOfRows(
            await paginate(ids(), query, { name: 'i.name' }, 'i.id', { count: 'separate', ...options }),
            load,
          );
          const { db, counter } = counting();
          const oneStep = await paginateRows(ids(), query, { name: 'i.name' }, 'i.id', options, (page) =>
            full(db).where('i.id', 'in', page),
          );
          expect(oneStep).toEqual(twoSteps);
          expect(counter.n).toBe(1);
        }
      }
    },
  );

  it('counts the matches when no total is given', async () => {
    const page = await paginateRows(
      ids().where('i.name', '=', 'Alpha'),
      { page: 1, pageSize: 1, sort: [] },
      {},
      'i.id',
      {},
      (p) => full().where('i.id', 'in', p),
    );
    expect(page.items).toHaveLength(1);
    expect(page.pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
  });
});

describe('fewMatches', () => {
  const sorts = [[{ field: 'name', direction: 'asc' }], [{ field: 'name', direction: 'desc' }], []] as const;

  it.each([1, 2, 5, 100])('answers every page as the usual paging does, with a cap of %i', async (cap) => {
    const qb = () => t.db.selectFrom('institutions').select(['id', 'name']).where('name', '<>', 'Nobody');
    for (const sort of sorts) {
      for (const pageSize of [1, 2, 5]) {
        for (let p = 1; p <= Math.ceil(5 / pageSize) + 1; p++) {
          const query = { page: p, pageSize, sort: [...sort] };
          const usual = await paginate(qb(), query, { name: 'name' }, 'id', {
            count: 'separate',
            tieBreakerFollowsSort: true,
          });
          const few = await paginate(qb(), query, { name: 'name' }, 'id', {
            count: 'separate',
            tieBreakerFollowsSort: true,
            fewMatches: { db: t.db, cap },
          });
          expect(few).toEqual(usual);
        }
      }
    }
  });

  it('finds, pages and counts few matches in one statement, and reads their rows in one more', async () => {
    const query = { page: 1, pageSize: 1, sort: [{ field: 'name', direction: 'asc' as const }] };
    const { db, counter } = counting();
    const page = await paginate(
      db.selectFrom('institutions').select(['id', 'name']).where('name', '=', 'Alpha'),
      query,
      { name: 'name' },
      'id',
      { count: 'separate', fewMatches: { db, cap: 10 } },
    );
    expect(counter.n).toBe(1);
    expect(page.items.map((r) => Object.keys(r))).toEqual([['id', 'name']]);
    expect(page.pagination).toMatchObject({ totalItems: 2, totalPages: 2 });

    counter.n = 0;
    const full = (qb: typeof db) => qb.selectFrom('institutions as i').select(['i.id', 'i.name', 'i.abbreviation']);
    const rows = await paginateRows(
      db.selectFrom('institutions as i').select('i.id').where('i.name', '=', 'Alpha'),
      { ...query, page: 2 },
      { name: 'i.name' },
      'i.id',
      { fewMatches: { db, cap: 10 } },
      (p) => full(db).where('i.id', 'in', p),
    );
    expect(counter.n).toBe(2);
    expect(rows.items).toHaveLength(1);
    expect(rows.items[0]).toMatchObject({ name: 'Alpha' });
    expect(rows.pagination.totalItems).toBe(2);
  });

  it('answers an empty first page with a total of 0, and counts a page past the end', async () => {
    const none = await paginate(
      t.db.selectFrom('institutions').select('id').where('name', '=', 'Nobody'),
      { page: 1, pageSize: 2, sort: [] },
      {},
      'id',
      { count: 'separate', fewMatches: { db: t.db, cap: 10 } },
    );
    expect(none).toEqual({ items: [], pagination: expect.objectContaining({ totalItems: 0 }) });
    const past = await paginate(
      t.db.selectFrom('institutions').select('id'),
      { page: 4, pageSize: 2, sort: [] },
      {},
      'id',
      { count: 'separate', fewMatches: { db: t.db, cap: 10 } },
    );
    expect(past.items).toEqual([]);
    expect(past.pagination.totalItems).toBe(5);
  });
});
