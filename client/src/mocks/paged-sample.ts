import { DEFAULT_PAGE_SIZE, pagination } from '@app/contract';
import { withIndex } from './sample';

/** How many records a generated list holds in mock mode: enough for a second page at the default size. */
export const SAMPLE_LIST_SIZE = 23;

type PagedBody = { items: unknown[]; pagination: unknown };

const isPaged = (body: unknown): body is PagedBody =>
  !!body &&
  typeof body === 'object' &&
  Array.isArray((body as PagedBody).items) &&
  typeof (body as PagedBody).pagination === 'object';

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * A generated `{items, pagination}` answer made to agree with itself and with the request: SAMPLE_LIST_SIZE
 * records (each one distinct, from the sample's first item), the page and pageSize the URL asks for, and
 * the pagination of that slice. Any other body is returned as it is.
 *
 * @example pageSample(sample(schema), new URL('http://x/api/admin/chapters?page=2&pageSize=10')) // items 11-20 of 23
 */
export function pageSample(body: unknown, url: URL): unknown {
  if (!isPaged(body) || body.items.length === 0) return body;
  const pageSize = positive(url.searchParams.get('pageSize'), DEFAULT_PAGE_SIZE);
  const page = positive(url.searchParams.get('page'), 1);
  const all = Array.from({ length: SAMPLE_LIST_SIZE }, (_, i) => withIndex(body.items[0], i));
  return {
    ...body,
    items: all.slice((page - 1) * pageSize, page * pageSize),
    pagination: pagination(page, pageSize, SAMPLE_LIST_SIZE),
  };
}
