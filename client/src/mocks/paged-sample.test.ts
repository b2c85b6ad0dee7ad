import { describe, expect, it } from 'vitest';
import { Chapter, paged, pagination } from '@app/contract';
import { sample } from './sample';
import { pageSample, SAMPLE_LIST_SIZE } from './paged-sample';

const answer = (query: string) =>
  pageSample(sample(paged(Chapter)), new URL(`http://localhost/api/admin/chapters${query}`)) as {
    items: { id: number; name: string }[];
    pagination: ReturnType<typeof pagination>;
  };

describe('pageSample', () => {
  it('answers the first page with as many rows as its pagination says it holds', () => {
    const { items, pagination: p } = answer('');
    expect(items).toHaveLength(10);
    expect(p).toEqual(pagination(1, 10, SAMPLE_LIST_SIZE));
    expect(new Set(items.map((i) => i.id)).size).toBe(10);
  });

  it('pages by the request and ends with the remainder', () => {
    const last = answer('?page=3&pageSize=10');
    expect(last.items).toHaveLength(SAMPLE_LIST_SIZE - 20);
    expect(last.pagination).toMatchObject({
      currentPage: 3,
      hasNextPage: false,
      hasPreviousPage: true,
      totalItems: SAMPLE_LIST_SIZE,
    });
    expect(answer('?page=1&pageSize=50').items).toHaveLength(SAMPLE_LIST_SIZE);
  });

  it('leaves other answers alone', () => {
    const body = { id: 1, name: 'x' };
    expect(pageSample(body, new URL('http://localhost/x'))).toBe(body);
  });
});
