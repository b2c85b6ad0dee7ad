import { Suspense, type ComponentType } from 'react';
import { useSearch } from '@tanstack/react-router';
import type { z } from 'zod';
import type { AppRoute } from '@ts-rest/core';
import { useEditPanel, type EditPanel } from './form-kit/edit-panel';
import type { ExportRoute } from '../api/list-shapes';
import { usePermissions } from '../api/permissions';
import {
  AddButton,
  ListPage,
  exportHref,
  listQueryOf,
  useListSearch,
  type AnyListQuery,
  type BaseListSearch,
  type Column,
  type ListPageProps,
  type ListResult,
  type ListSearch,
} from './list-kit';

/** What a list page needs of an area: its list hook and contract list query, and its export route if any. */
export type ListArea<T, Q extends AnyListQuery> = {
  /** The area's list hook (`<area>.useList` from `createArea`). */
  useList: (query: z.input<Q>) => ListResult<T>;
  /** The contract's list query: only its keys are sent (route-only keys such as `edit` stay in the URL). */
  listQuery: Q;
  /** The contract's export route; no Export action when absent. */
  exportRoute?: ExportRoute;
};

/** An Add button that links to the area's full-page form (e.g. 'Add Chapter' to `/admin/chapters/new`): the page's actions. */
type AddLink = { addLabel: string; addTo: string; actions?: never } | { addLabel?: never; addTo?: never };

export type AreaListPageProps<T, Q extends AnyListQuery> = Omit<ListPageProps<T>, 'list' | 'result' | 'exportHref'> &
  AddLink & {
    /** The area listed: an area from `createArea`/`crudArea`, or `{ listQuery, useList }` for a list of its own. */
    area: ListArea<T, Q>;
    /** The list's state; by default the search of the route the page renders in. A tab passes its prefixed one. */
    search?: ListSearch<Q>;
  };

/**
 * An area's list screen: the URL's search becomes the contract query, the area's hook loads the page,
 * and Export carries the same filters; `addLabel` and `addTo` add an Add button linking to the full-page
 * form. Everything else is `ListPage`'s.
 *
 * @example
 * <AreaListPage title="Chapters" addLabel="Add Chapter" addTo="/admin/chapters/new" area={chaptersArea} columns={columns} filters={filters} />
 */
export function AreaListPage<T, Q extends AnyListQuery>({
  area,
  search,
  addLabel,
  addTo,
  ...page
}: AreaListPageProps<T, Q>) {
  // The route's search, validated by its `listSearchSchema`: the list's only state unless a tab gives its own.
  const routeSearch = useSearch({ strict: false }) as BaseListSearch;
  // ListPage takes the kit's base controller; the API query is read from the search with the contract's keys.
  const list = useListSearch<BaseListSearch>(search ?? routeSearch);
  const result = area.useList(listQueryOf(area.listQuery, list.search as ListSearch<Q>));
  const actions = addTo === undefined ? page.actions : <AddButton label={addLabel} to={addTo} />;
  // Export only for accounts holding its permission (`<area>:export`, read from the export route itself).
  const mayExport = usePermissions().can(area.exportRoute as AppRoute | undefined);
  return (
    <ListPage
      {...page}
      actions={actions}
      list={list}
      result={result}
      exportHref={area.exportRoute && mayExport ? exportHref(area.exportRoute, list.search) : undefined}
    />
  );
}

export type PanelListPageProps<T, Q extends AnyListQuery> = Omit<
  AreaListPageProps<T, Q>,
  'columns' | 'actions' | 'addLabel' | 'addTo'
> & {
  /** The Add button's text, e.g. 'Add Institution': it opens the panel empty. */
  addLabel: string;
  /** The columns, given what opens a row in the panel (e.g. for `openColumn` and `editColumn`). */
  columns: (openEdit: (id: number) => void) => Column<T>[];
  /** The Add/Edit side panel (usually `lazy(() => import('./x-panel'))`): loaded when first opened. */
  Panel: ComponentType<{ panel: EditPanel }>;
};

/**
 * An area's list screen with its Add/Edit side panel, both in the URL (`?edit=new`, `?edit=12`): the
 * Add button opens the panel empty, the columns open a row in it.
 *
 * @example
 * const InstitutionPanel = lazy(() => import('./institution-panel'));
 * <PanelListPage title="Institutions" addLabel="Add Institution" Panel={InstitutionPanel} area={institutionsArea} columns={columns} filters={filters} />
 */
export function PanelListPage<T, Q extends AnyListQuery>({
  addLabel,
  columns,
  Panel,
  ...page
}: PanelListPageProps<T, Q>) {
  const panel = useEditPanel();
  return (
    <>
      <AreaListPage
        {...page}
        columns={columns(panel.openEdit)}
        actions={<AddButton label={addLabel} onClick={panel.openNew} />}
      />
      {(panel.shown.isNew || panel.shown.id !== undefined) && (
        <Suspense fallback={null}>
          <Panel panel={panel} />
        </Suspense>
      )}
    </>
  );
}
