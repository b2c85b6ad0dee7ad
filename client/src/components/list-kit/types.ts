import type { ReactNode } from 'react';
import type { Paged } from '@app/contract';

/**
 * One table column, declared as data. `sortField` makes the header sortable (a contract sort field);
 * `visibleFrom` hides the column below a breakpoint. On phones a list shows its primary columns only (the
 * name, the row actions and those marked `primary`, see `phoneColumnKeys`); the column toggle shows the others.
 *
 * @example
 * const columns: Column<Institution>[] = [
 *   { key: 'name', header: 'Name', sortField: 'name', render: (i) => i.name },
 *   { key: 'city', header: 'City', visibleFrom: 'md', render: (i) => i.address.city },
 *   { key: 'active', header: 'Active', primary: true, render: (i) => <ActiveBadge active={i.active} /> },
 *   { key: 'actions', header: 'Actions', align: 'right', render: (i) => <EditButton id={i.id} /> },
 * ];
 */
export type Column<T> = {
  key: string;
  /** Header text; also the column's name in the mobile column toggle. */
  header: string;
  sortField?: string;
  render: (row: T) => ReactNode;
  visibleFrom?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * Shown on phones before the user picks columns (a status, say). Unset: only the name (the first column
   * without `visibleFrom`) and the row actions (key `actions`) are; `false` puts even those in the toggle.
   */
  primary?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
};

/** An option of a select filter: a value, or a value with its own label (e.g. Yes = '1'). */
export type FilterOption = string | { value: string; label: string };

/**
 * One filter of the filter form, declared as data: a search box, a select, a date, or anything else
 * through `render`. Values are the contract's query texts; blank means "no filter".
 *
 * @example
 * const filters: FilterDef[] = [
 *   { key: 'search', type: 'search' },
 *   { key: 'type', type: 'select', label: 'Type', options: INSTITUTION_TYPES },
 *   { key: 'active', type: 'select', label: 'Active', options: [{ value: '1', label: 'Yes' }, { value: '0', label: 'No' }] },
 *   { key: 'memberFrom', type: 'date', label: 'Member from' },
 * ];
 */
export type FilterDef =
  | { key: string; type: 'search'; label?: string; placeholder?: string }
  | { key: string; type: 'select'; label: string; options: readonly FilterOption[]; placeholder?: string }
  | { key: string; type: 'date'; label: string; placeholder?: string }
  | {
      key: string;
      type: 'custom';
      label: string;
      render: (value: string | undefined, onChange: (value: string | undefined) => void) => ReactNode;
    };

/** Filter values being edited before Search applies them. */
export type FilterValues = Record<string, string | undefined>;

/**
 * The part of a list query's result the list components read: the `useQuery` result of a contract list
 * route fits as is.
 *
 * @example const result = tsr.institutions.list.useQuery({ queryKey, queryData: { query } }); <ListPage result={result} ... />
 */
export type ListResult<T> = {
  data?: { body: Paged<T> } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
};
