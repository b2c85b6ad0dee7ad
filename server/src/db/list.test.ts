import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';
import { pageOfRows, paginate, paginateRows } from './list.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insertInto('institutions')
    .values(['Gamma', 'Alpha', 'Beta', 'Delta', 'Alpha'].map((name, i) => ({ name, abbreviation: `A${i}`, type: 'Business', ownership: 'Public', address: '{}' })))
    .execute();
});
afterAll(() => t.close());

/** The same database, counting the statements sent. */
function counting() {
  const counter = { n: 0 };
  const db = t.db.withPlugin({
    transformQuery: (args) => {
      counter.n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db, counter };
}

describe('paginate', () => {
  it('answers a page and its total in one statement, sorted with an id tie-break', async () => {
    const { db, counter } = counting();
    const page = await paginate(db.selectFrom('institutions').select(['id', 'name']), { page: 2, pageSize: 2, sort: [{ field: 'name', direction: 'asc' }] }, { name: 'name' });
    expect(counter.n).toBe(1);
    expect(page.pagination).toEqual({ currentPage: 2, hasPreviousPage: true, hasNextPage: true, perPage: 2, totalItems: 5, totalPages: 3 });
    expect(page.items.map((r) => r.name)).toEqual(['Beta', 'Delta']);
    expect(Object.keys(page.items[0]!)).toEqual(['id', 'name']);
  });

  it('still knows the total past the last page', async () => {
    const page = await paginate(t.db.selectFrom('institutions').select('id'), { page: 9, pageSize: 2, sort: [] }, {});
    expect(page.items).toEqual([]);
    expect(page.pagination).toMatchObject({ totalItems: 5, totalPages: 3, hasNextPage: false });
  });

  it('uses a caller total when given with a separate count', async () => {
    const page = await paginate(t.db.selectFrom('institutions').select('id'), { page: 1, pageSize: 2, sort: [] }, {}, 'id', { count: 'separate', total: async () => 42 });
    expect(page.pagination.totalItems).toBe(42);
  });

  it.each([
    [[{ field: 'name', direction: 'asc' }], false],
    [[{ field: 'name', direction: 'desc' }], true],
    [[{ field: 'name', direction: 'desc' }], false],
  ] as const)('reads pages past the middle from the far end with the same rows (sort %o, tie-break follows %s)', async (sort, follows) => {
    const qb = () => t.db.selectFrom('institutions').select(['id', 'name']);
    for (const pageSize of [1, 2, 3]) {
      for (let p = 1; p <= Math.ceil(5 / pageSize); p++) {
        const query = { page: p, pageSize, sort: [...sort] };
        const plain = await paginate(qb(), query, { name: 'name' }, 'id', { count: 'window', tieBreakerFollowsSort: follows });
        const fast = await paginate(qb(), query, { name: 'name' }, 'id', { count: 'separate', tieBreakerFollowsSort: follows, total: async () => 5 });
        expect(fast).toEqual(plain);
      }
    }
  });
});

describe('paginateRows', () => {
  const ids = () => t.db.selectFrom('institutions as i').select('i.id');
  const full = (db = t.db) => db.selectFrom('institutions as i').select(['i.id', 'i.name', 'i.abbreviation']);
  const load = async (list: number[]) => full().where('i.id', 'in', list).execute();

  it.each([
    [[{ field: 'name', direction: 'asc' }], false],
    [[{ field: 'name', direction: 'desc' }], true],
    [[], false],
  ] as const)('answers the same pages as paginate then pageOfRows, far end included (sort %o, tie-break follows %s)', async (sort, follows) => {
    for (const pageSize of [1, 2, 3, 5]) {
      for (let p = 1; p <= Math.ceil(5 / pageSize) + 1; p++) {
        const query = { page: p, pageSize, sort: [...sort] };
        const options = { tieBreakerFollowsSort: follows, total: async () => 5 };
        const twoSteps = await pageOfRows(await paginate(ids(), query, { name: 'i.name' }, 'i.id', { count: 'separate', ...options }), load);
        const { db, counter } = counting();
        const oneStep = await paginateRows(ids(), query, { name: 'i.name' }, 'i.id', options, (page) => full(db).where('i.id', 'in', page));
        expect(oneStep).toEqual(twoSteps);
        expect(counter.n).toBe(1);
      }
    }
  });

  it('counts the matches when no total is given', async () => {
    const page = await paginateRows(ids().where('i.name', '=', 'Alpha'), { page: 1, pageSize: 1, sort: [] }, {}, 'i.id', {}, (p) => full().where('i.id', 'in', p));
    expect(page.items).toHaveLength(1);
    expect(page.pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
  });
});
