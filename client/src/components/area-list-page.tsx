import type { AppRoute } from '@ts-rest/core';
import type { z } from 'zod';
import { ListPage, exportHref, listQueryOf, useListSearch, type AnyListQuery, type BaseListSearch, type ListPageProps, type ListResult, type ListSearch } from './list-kit';

export type AreaListPageProps<T, Q extends AnyListQuery> = Omit<ListPageProps<T>, 'list' | 'result' | 'exportHref'> & {
  /** The route's validated search (`routeApi.useSearch()`): the list's only state. */
  search: ListSearch<Q>;
  /** The contract's list query: only its keys are sent (route-only keys such as `edit` stay in the URL). */
  query: Q;
  /** The area's list hook (`<area>.useList` from `defineArea`). */
  useList: (query: z.input<Q>) => ListResult<T>;
  /** The contract's export route; no Export action when absent. */
  exportRoute?: Pick<AppRoute, 'path'> & { query?: unknown };
};

/**
 * An area's list screen: the URL's search becomes the contract query, the area's hook loads the page,
 * and Export carries the same filters. Everything else is `ListPage`'s.
 *
 * @example
 * <AreaListPage title="Chapters" search={routeApi.useSearch()} query={ChapterListQuery} useList={chaptersArea.useList}
 *   exportRoute={chaptersRoutes.export} columns={columns} filters={filters} />
 */
export function AreaListPage<T, Q extends AnyListQuery>({ search, query, useList, exportRoute, ...page }: AreaListPageProps<T, Q>) {
  // ListPage takes the kit's base controller; the API query is read from the route's own typed search.
  const list = useListSearch<BaseListSearch>(search);
  const result = useList(listQueryOf(query, search));
  return <ListPage {...page} list={list} result={result} exportHref={exportRoute && exportHref(exportRoute, list.search)} />;
}
