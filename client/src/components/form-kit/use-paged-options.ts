import { useInfiniteQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { FetchOptionsPage } from '../../api/options-page';

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
