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
 * What the pager shows for the URL's page and the server's pagination (absent while loading).
 *
 * @example pagerState(2, { totalItems: 25, perPage: 10, ... }) // { page: 2, totalPages: 3, label: 'Page 2 of 3', countLabel: '25 records', ... }
 */
export function pagerState(page: number, pagination: Pick<Pagination, 'totalItems' | 'totalPages'> | undefined): PagerState {
  const totalItems = pagination?.totalItems ?? 0;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  return {
    page,
    totalPages,
    totalItems,
    canPrevious: page > 1,
    canNext: page < totalPages,
    label: `Page ${page.toLocaleString('en-US')} of ${totalPages.toLocaleString('en-US')}`,
    countLabel: `${totalItems.toLocaleString('en-US')} ${totalItems === 1 ? 'record' : 'records'}`,
  };
}
