import { Suspense, type ComponentType } from 'react';
import type { AppRoute } from '@ts-rest/core';
import type { z } from 'zod';
import { useEditPanel, type EditPanel } from './form-kit/edit-panel';
import { AddButton, ListPage, exportHref, listQueryOf, useListSearch, type AnyListQuery, type BaseListSearch, type Column, type ListPageProps, type ListResult, type ListSearch } from './list-kit';

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
 *   exportRoute={chaptersArea.routes.export} columns={columns} filters={filters} />
 */
export function AreaListPage<T, Q extends AnyListQuery>({ search, query, useList, exportRoute, ...page }: AreaListPageProps<T, Q>) {
  // ListPage takes the kit's base controller; the API query is read from the route's own typed search.
  const list = useListSearch<BaseListSearch>(search);
  const result = useList(listQueryOf(query, search));
  return <ListPage {...page} list={list} result={result} exportHref={exportRoute && exportHref(exportRoute, list.search)} />;
}

export type PanelListPageProps<T, Q extends AnyListQuery> = Omit<AreaListPageProps<T, Q>, 'columns' | 'actions'> & {
  /** The Add button's text, e.g. 'Add Institution': it opens the panel empty. */
  addLabel: string;
  /** The columns, given the panel (`panel.openEdit(id)` opens a row in it). */
  columns: (panel: EditPanel) => Column<T>[];
  /** The Add/Edit side panel (usually `lazy(() => import('./x-panel'))`): loaded when first opened. */
  Panel: ComponentType<{ panel: EditPanel }>;
};

/**
 * An area's list screen with its Add/Edit side panel, both in the URL (`?edit=new`, `?edit=12`): the
 * Add button opens the panel empty, the columns open a row in it.
 *
 * @example
 * const InstitutionPanel = lazy(() => import('./institution-panel'));
 * <PanelListPage title="Institutions" addLabel="Add Institution" Panel={InstitutionPanel} search={routeApi.useSearch()}
 *   query={InstitutionListQuery} useList={institutionsArea.useList} columns={(panel) => columns(panel.openEdit)} />
 */
export function PanelListPage<T, Q extends AnyListQuery>({ addLabel, columns, Panel, ...page }: PanelListPageProps<T, Q>) {
  const panel = useEditPanel();
  return (
    <>
      <AreaListPage {...page} columns={columns(panel)} actions={<AddButton label={addLabel} onClick={panel.openNew} />} />
      {(panel.shown.isNew || panel.shown.id !== undefined) && (
        <Suspense fallback={null}>
          <Panel panel={panel} />
        </Suspense>
      )}
    </>
  );
}
