export {
  listSearchSchema,
  listSearchMiddlewares,
  listQueryOf,
  toUrlSearch,
  LIST_DEFAULTS,
  PAGE_SIZES,
} from './list-search';
export type { BaseListSearch, ListSearch } from './list-search';
export type { AnyListQuery } from '../../api/list-shapes';
export { readSort, writeSort, sortStateOf, toggleSort } from './sort';
export { pagerState, type PagerState } from './pager-math';
export { exportHref } from './export-url';
export { useListSearch, type ListController } from './use-list-search';
export { usePrefixedListSearch } from './use-prefixed-list-search';
export { useSearchPatch, type SearchPatch } from './use-search-patch';
export { ListPage, type ListPageProps } from './list-page';
export { ListFilters, filterValuesOf } from './list-filters';
export { DataTable } from './data-table';
export { ListPager } from './list-pager';
export { RefreshButton } from './refresh-button';
export { ColumnToggle, useVisibleColumns, MOBILE_QUERY } from './column-toggle';
export { phoneColumnKeys } from './phone-columns';
export type { Column, FilterDef, FilterOption, FilterValues, ListResult } from './types';
export { CardError, ListError } from './list-error';
export {
  actionsColumn,
  countColumn,
  dayColumn,
  editColumn,
  enabledColumn,
  linkColumn,
  Note,
  openColumn,
  stackedColumn,
  updatedColumn,
  yesNoOptions,
} from './common-columns';
export { AddButton, EditButton, RowActions, RowButton } from './row-actions';
