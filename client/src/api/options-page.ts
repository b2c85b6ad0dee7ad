/** One page of picker options. */
export type OptionsPage<T> = { items: T[]; hasNextPage: boolean };

/** Loads one page of options for a search text (1-based pages). */
export type FetchOptionsPage<T> = (search: string, page: number) => Promise<OptionsPage<T>>;

/**
 * Pickers page by 20 (spec 01 §9).
 *
 * @example tsr.institutions.list.query({ query: { search, page, pageSize: PICKER_PAGE_SIZE } })
 */
export const PICKER_PAGE_SIZE = 20;

/**
 * Turns a contract list answer into a picker page, throwing non-2xx answers the way the query hooks
 * do (so `errorMessage(error)` reads them).
 *
 * @example
 * const fetchInstitutions: FetchOptionsPage<Institution> = (search, page) =>
 *   tsr.institutions.list.query({ query: { search, page, pageSize: PICKER_PAGE_SIZE, sort: 'name:asc' } }).then(toOptionsPage);
 */
export function toOptionsPage<T>(response: { status: number; body: unknown }): OptionsPage<T> {
  if (response.status < 200 || response.status >= 300) throw response;
  const body = response.body as { items: T[]; pagination: { hasNextPage: boolean } };
  return { items: body.items, hasNextPage: body.pagination.hasNextPage };
}
