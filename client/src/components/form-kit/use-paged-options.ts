import { useInfiniteQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';

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

/**
 * The options of a searchable picker: the search debounced, pages fetched on demand, loaded only while
 * the dropdown is open.
 *
 * @example const options = usePagedOptions({ queryKey: ['institutions', 'options'], fetchPage, search, enabled: opened, debounceMs: 300 });
 */
export function usePagedOptions<T>(opts: {
  queryKey: readonly unknown[];
  fetchPage: FetchOptionsPage<T>;
  search: string;
  enabled: boolean;
  debounceMs: number;
}) {
  const [debounced] = useDebouncedValue(opts.search.trim(), opts.debounceMs);
  const query = useInfiniteQuery({
    queryKey: [...opts.queryKey, { search: debounced }],
    queryFn: ({ pageParam }) => opts.fetchPage(debounced, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.hasNextPage ? page + 1 : undefined),
    enabled: opts.enabled,
    staleTime: 30_000,
  });
  return {
    items: query.data?.pages.flatMap((p) => p.items) ?? [],
    loading: query.isFetching,
    waiting: opts.search.trim() !== debounced,
    error: query.error,
    hasNextPage: query.hasNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
  };
}
