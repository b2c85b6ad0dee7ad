import { describe, expect, it } from 'vitest';
import { groupThousands, pagerState } from './pager-math';

describe('pagerState', () => {
  it('reads Page X of Y and the record count', () => {
    const p = pagerState(2, { totalItems: 25, totalPages: 3 });
    expect(p).toMatchObject({ label: 'Page 2 of 3', countLabel: '25 records', canPrevious: true, canNext: true });
  });

  it('shows at least one page, also while loading or empty', () => {
    expect(pagerState(1, undefined)).toMatchObject({
      label: 'Page 1 of 1',
      countLabel: '0 records',
      canPrevious: false,
      canNext: false,
    });
    expect(pagerState(1, { totalItems: 0, totalPages: 0 }).label).toBe('Page 1 of 1');
  });

  it('handles the edges', () => {
    expect(pagerState(3, { totalItems: 21, totalPages: 3 })).toMatchObject({ canNext: false, canPrevious: true });
    expect(pagerState(1, { totalItems: 1, totalPages: 1 }).countLabel).toBe('1 record');
    expect(pagerState(1, { totalItems: 12345, totalPages: 1235 }).countLabel).toBe('12,345 records');
  });
});

describe('groupThousands', () => {
  it('separates thousands like en-US', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 50000000, 2147483647]) {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
