import type { Column } from './types';

/**
 * The keys of the columns a list shows on a phone before the user picks others in the column toggle: its
 * primary columns, so that the table fits a 390 px screen with the row actions in sight. A column is primary
 * when it says so (`primary: true`, e.g. a status); unless it says `primary: false`, so are the row's name (the
 * first column without `visibleFrom`) and the row actions (key `actions`). Everything else waits in the toggle,
 * whatever its `visibleFrom`.
 *
 * @example phoneColumnKeys([{ key: 'name', ... }, { key: 'email', ... }, { key: 'status', primary: true, ... }, actionsColumn(...)])
 * // ['name', 'status', 'actions']
 */
export function phoneColumnKeys<T>(columns: readonly Column<T>[]): string[] {
  const name = columns.find((c) => !c.visibleFrom && c.primary !== false);
  return columns.filter((c) => c.primary ?? (c === name || c.key === 'actions')).map((c) => c.key);
}
