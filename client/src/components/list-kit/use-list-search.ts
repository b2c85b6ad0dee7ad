import { useMemo } from 'react';
import type { BaseListSearch, ListSearch } from './list-search';
import { useSearchPatch } from './use-search-patch';
import type { FilterValues } from './types';

/** The list state (the URL's search) and the ways to change it; every change is a navigation. */
export type ListController<S extends BaseListSearch = BaseListSearch> = {
  search: S;
  /** Merges a patch into the URL; `undefined` removes a key. */
  setSearch: (patch: Partial<S> & Record<string, unknown>, opts?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string | undefined) => void;
  /** Applies filter values (blank removes a filter) and goes back to page 1. */
  applyFilters: (values: FilterValues) => void;
};

/**
 * Wraps a list route's search in a controller the list components use. The URL is the only state:
 * reading is `route.useSearch()`, writing navigates.
 *
 * @example
 * const routeApi = getRouteApi('/admin/institutions');
 * const list = useListSearch(routeApi.useSearch());
 * list.setSort('name:asc'); // -> ?sort=name:asc (page back to 1)
 */
export function useListSearch<S extends BaseListSearch | ListSearch<any>>(
  search: S,
): ListController<S & BaseListSearch> {
  const setSearch = useSearchPatch();
  return useMemo(
    () => ({
      search: search as S & BaseListSearch,
      setSearch,
      setPage: (page) => setSearch({ page }),
      setPageSize: (pageSize) => setSearch({ pageSize, page: 1 }),
      setSort: (sort) => setSearch({ sort, page: 1 }),
      applyFilters: (values) => setSearch({ ...values, page: 1 }),
    }),
    [search, setSearch],
  );
}
