import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery } from '@app/contract';
import { listQueryOf, listSearchSchema, toUrlSearch } from './list-search';

const Query = listQuery({
  sortable: ['name', 'createdAt'] as const,
  filters: { type: z.enum(['A', 'B']).optional(), active: z.enum(['1', '0']).optional() },
});
const schema = listSearchSchema(Query, { edit: z.coerce.number().optional().catch(undefined) });

describe('listSearchSchema', () => {
  it('fills paging defaults and keeps the URL short', () => {
    expect(schema.parse({})).toEqual({ page: 1, pageSize: 10 });
  });

  it('falls back instead of failing on bad values', () => {
    expect(
      schema.parse({ page: 'abc', pageSize: 1000, sort: 'nope:asc', type: 'C', active: 'yes', edit: 'x' }),
    ).toEqual({ page: 1, pageSize: 10 });
    expect(schema.parse({ page: 0, pageSize: -5 })).toEqual({ page: 1, pageSize: 10 });
    // Kept as undefined, not left out: the router spreads the raw search under the validated one.
    expect(Object.entries(schema.parse({ type: 'C' }))).toContainEqual(['type', undefined]);
  });

  it('keeps the sort as text, normalised, dropping only the bad terms', () => {
    expect(schema.parse({ sort: 'name' }).sort).toBe('name:asc');
    expect(schema.parse({ sort: 'name:desc,bogus:asc,createdAt:asc' }).sort).toBe('name:desc,createdAt:asc');
    expect(schema.parse({ sort: 'name:asc,name:desc' }).sort).toBe('name:asc');
  });

  it('reads values the router JSON-parsed as the contract texts', () => {
    expect(schema.parse({ page: 3, pageSize: '20', active: 1, search: 123, type: 'B', edit: 7 })).toEqual({
      page: 3,
      pageSize: 20,
      active: '1',
      search: '123',
      type: 'B',
      edit: 7,
    });
  });

  it('drops blank filters', () => {
    expect(schema.parse({ search: '' })).toEqual({ page: 1, pageSize: 10 });
  });
});

describe('toUrlSearch', () => {
  it('writes number-like and boolean-like texts as such, so they read back the same', () => {
    const written = toUrlSearch({ page: 2, active: '1', search: '123', type: 'A', blank: '', gone: undefined });
    expect(written).toEqual({ page: 2, active: 1, search: 123, type: 'A' });
    expect(schema.parse(written)).toEqual({ page: 2, pageSize: 10, active: '1', search: '123', type: 'A' });
  });

  it('leaves texts that only look numeric alone', () => {
    expect(toUrlSearch({ search: '007', other: '1.50' })).toEqual({ search: '007', other: '1.50' });
  });
});

describe('listQueryOf', () => {
  it('keeps only the contract keys', () => {
    const search = schema.parse({ page: 2, sort: 'name:asc', type: 'A', edit: 4 });
    const query = listQueryOf(Query, search);
    expect(query).toEqual({ page: 2, pageSize: 10, sort: 'name:asc', type: 'A' });
    expect(Query.parse(query).sort).toEqual([{ field: 'name', direction: 'asc' }]);
  });
});
