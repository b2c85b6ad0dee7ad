import { formatSort, type SortDirection, type SortTerm } from '@app/contract';

/**
 * The terms of a URL sort text (already checked by `listSearchSchema`).
 *
 * @example readSort('name:asc,id:desc') // [{field:'name',direction:'asc'},{field:'id',direction:'desc'}]
 */
export function readSort(sort: string | undefined): SortTerm[] {
  if (!sort) return [];
  return sort
    .split(',')
    .map((part) => part.trim().split(':'))
    .filter(([field]) => !!field)
    .map(([field, direction]) => ({ field: field!, direction: direction === 'desc' ? 'desc' : 'asc' }));
}

/**
 * The URL sort text for terms; `undefined` when there are none (so the key leaves the URL).
 *
 * @example writeSort([{ field: 'name', direction: 'asc' }]) // 'name:asc'
 */
export function writeSort(terms: readonly SortTerm[]): string | undefined {
  return terms.length ? formatSort(terms) : undefined;
}

/**
 * How a column header shows its sort: direction and, when several fields sort, its position (1-based).
 *
 * @example sortStateOf('name:asc,id:desc', 'id') // { direction: 'desc', position: 2, count: 2 }
 */
export function sortStateOf(
  sort: string | undefined,
  field: string,
): { direction?: SortDirection; position?: number; count: number } {
  const terms = readSort(sort);
  const index = terms.findIndex((t) => t.field === field);
  return index < 0
    ? { count: terms.length }
    : { direction: terms[index]!.direction, position: index + 1, count: terms.length };
}

const NEXT: Record<SortDirection | 'none', SortDirection | undefined> = { none: 'asc', asc: 'desc', desc: undefined };

/**
 * A header click: the field cycles asc -> desc -> none. A plain click makes it the only sort;
 * `multi` (shift-click) keeps the other fields and adds or cycles this one in place.
 *
 * @example
 * toggleSort(undefined, 'name')                 // 'name:asc'
 * toggleSort('name:asc', 'name')                // 'name:desc'
 * toggleSort('name:desc', 'name')               // undefined
 * toggleSort('name:asc', 'type', { multi: true }) // 'name:asc,type:asc'
 */
export function toggleSort(
  sort: string | undefined,
  field: string,
  opts: { multi?: boolean } = {},
): string | undefined {
  const terms = readSort(sort);
  const current = terms.find((t) => t.field === field);
  const next = NEXT[current?.direction ?? 'none'];
  if (!opts.multi) {
    // A plain click on a secondary sort field starts over with it as the only sort.
    const cycled = current && terms[0]!.field !== field ? 'asc' : next;
    return writeSort(cycled ? [{ field, direction: cycled }] : []);
  }
  if (!current) return writeSort(next ? [...terms, { field, direction: next }] : terms);
  return writeSort(
    next
      ? terms.map((t) => (t.field === field ? { field, direction: next } : t))
      : terms.filter((t) => t.field !== field),
  );
}
