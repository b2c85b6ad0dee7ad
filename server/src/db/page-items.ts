import type { Paged } from '@app/contract';

/** A page with each row made an item by `toItem`. */
export function mapPage<O, R>(page: Paged<O>, toItem: (row: O) => R): Paged<R> {
  return { ...page, items: page.items.map(toItem) };
}

/**
 * The select's first row made an item by `toItem`, or undefined when it finds none.
 * @example return firstItem(selectTemplates(db).where('t.id', '=', id), toTemplate);
 */
export async function firstItem<O, R>(
  qb: { executeTakeFirst(): Promise<O | undefined> },
  toItem: (row: O) => R,
): Promise<R | undefined> {
  const row = await qb.executeTakeFirst();
  return row === undefined ? undefined : toItem(row);
}

/**
 * Loads rows by id and answers them in the order of `ids`; an id no longer found is skipped, and no
 * ids make no query.
 * @example const [chapter] = await rowsInOrder([id], (ids) => loadChapters(db, ids));
 */
export async function rowsInOrder<R extends { id: number }>(
  ids: readonly number[],
  load: (ids: number[]) => Promise<R[]>,
): Promise<R[]> {
  if (!ids.length) return [];
  const byId = new Map((await load([...ids])).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page found on ids alone (narrow rows: cheap to sort, count and skip), then only that page's rows
 * read in full (joins, nested files), in the page's order.
 * @example return pageOfRows(await paginate(filtered.select('i.id'), query, sortMap, 'i.id'), (ids) => loadInstitutions(db, ids));
 */
export async function pageOfRows<R extends { id: number }>(
  page: Paged<{ id: number }>,
  load: (ids: number[]) => Promise<R[]>,
): Promise<Paged<R>> {
  return {
    ...page,
    items: await rowsInOrder(
      page.items.map((r) => r.id),
      load,
    ),
  };
}
