import type { Paged, Pagination } from '@app/contract';

/** A paged API body for MSW handlers in tests: one page holding `items`, overridable pagination. */
export function pageOf<T>(items: T[], over: Partial<Pagination> = {}): Paged<T> {
  return {
    items,
    pagination: {
      currentPage: 1,
      hasPreviousPage: false,
      hasNextPage: false,
      perPage: 10,
      totalItems: items.length,
      totalPages: 1,
      ...over,
    },
  };
}
