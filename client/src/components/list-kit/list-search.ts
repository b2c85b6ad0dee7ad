import { z } from 'zod';
import { stripSearchParams, type SearchMiddleware } from '@tanstack/react-router';
import { DEFAULT_PAGE_SIZE, formatSort, type SortTerm } from '@app/contract';
import type { AnyListQuery } from '../../api/list-shapes';

type FilterKeys<Q extends AnyListQuery> = Exclude<keyof z.input<Q>, 'page' | 'pageSize' | 'sort'>;

/**
 * A list's URL state: paging with defaults filled in, sort kept as the raw `field:dir,...` text and
 * the filters as the contract's own input values (so the state can be sent to the API as is).
 */
export type ListSearch<Q extends AnyListQuery> = { page: number; pageSize: number; sort?: string } & {
  [K in FilterKeys<Q>]?: Exclude<z.input<Q>[K], undefined>;
};

/** What every list search has, whatever its filters: enough for the generic list components. */
export type BaseListSearch = { page: number; pageSize: number; sort?: string; [key: string]: unknown };

/**
 * URL values the list kit leaves out of the address because they are the defaults.
 *
 * @example stripSearchParams(LIST_DEFAULTS) // what `listSearchMiddlewares` holds
 */
export const LIST_DEFAULTS = { page: 1, pageSize: DEFAULT_PAGE_SIZE } as const;

/**
 * Page sizes offered by the pager.
 *
 * @example <Select data={PAGE_SIZES.map(String)} />
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

// The router JSON-parses values (`?search=123` arrives as the number 123): compare text as text.
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Keeps the terms of a sort text the contract accepts, normalised to `field:dir`; drops the rest. */
function tolerantSort(sortField: z.ZodTypeAny, value: unknown): string | undefined {
  const text = asText(value);
  if (!text) return undefined;
  const terms = text
    .split(',')
    .map((part) => sortField.safeParse(part.trim()))
    .flatMap((r) => (r.success ? (r.data as SortTerm[]) : []));
  const unique = terms.filter((t, i) => terms.findIndex((o) => o.field === t.field) === i);
  return unique.length ? formatSort(unique) : undefined;
}

/**
 * The route's `validateSearch` for a list: the SAME contract list query, made URL-tolerant. A bad value
 * falls back (page 1, pageSize 10, a filter or sort term the contract rejects is dropped) instead of
 * failing the route. `extra` adds route-only keys (e.g. the edit panel's `edit`).
 *
 * @example
 * export const institutionsSearch = listSearchSchema(InstitutionListQuery, editPanelSearch);
 * createRoute({ path: '/institutions', validateSearch: institutionsSearch, search: { middlewares: listSearchMiddlewares } })
 */
export function listSearchSchema<Q extends AnyListQuery, E extends z.ZodRawShape = {}>(query: Q, extra?: E) {
  const shape: z.ZodRawShape = {};
  for (const [key, field] of Object.entries(query.shape as z.ZodRawShape)) {
    if (key === 'page') shape[key] = z.preprocess(asText, field).catch(LIST_DEFAULTS.page);
    else if (key === 'pageSize') shape[key] = z.preprocess(asText, field).catch(LIST_DEFAULTS.pageSize);
    else if (key === 'sort') shape[key] = z.unknown().transform((v) => tolerantSort(field, v));
    else
      shape[key] = z.unknown().transform((v) => {
        const text = asText(v);
        return text !== undefined && text !== '' && field.safeParse(text).success ? text : undefined;
      });
  }
  // A rejected key stays in the output as `undefined`: the router spreads the raw search under the
  // validated one, so leaving the key out would let the raw value through.
  const schema = z.object({ ...shape, ...(extra ?? {}) });
  type Extra = z.ZodObject<E>;
  return schema as unknown as z.ZodType<
    ListSearch<Q> & z.output<Extra>,
    z.ZodTypeDef,
    Partial<ListSearch<Q>> & z.input<Extra>
  >;
}

/**
 * Search middlewares for a list route: page 1 and page size 10 never appear in the address.
 *
 * @example createRoute({ ..., search: { middlewares: listSearchMiddlewares } })
 */
export const listSearchMiddlewares: SearchMiddleware<any>[] = [stripSearchParams(LIST_DEFAULTS)];

/**
 * The API query of a list: the URL state without route-only keys (only the contract's own keys).
 *
 * @example const query = listQueryOf(InstitutionListQuery, search); // { page, pageSize, sort?, search?, type? }
 */
export function listQueryOf<Q extends AnyListQuery>(query: Q, search: Partial<ListSearch<Q>>): z.input<Q> {
  const keys = Object.keys(query.shape);
  return Object.fromEntries(
    Object.entries(search).filter(([k, v]) => keys.includes(k) && v !== undefined && v !== ''),
  ) as z.input<Q>;
}

/**
 * What the kit hands the router when it writes the URL: text that reads as a number or boolean is
 * written as one, so `?active=1` stays `?active=1` instead of the router's quoted `"1"`. Reading it back
 * through `listSearchSchema` gives the same text again.
 *
 * @example toUrlSearch({ active: '1', search: 'x' }) // { active: 1, search: 'x' }
 */
export function toUrlSearch<T extends Record<string, unknown>>(search: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '') continue;
    if (typeof value === 'string' && value !== '' && String(Number(value)) === value) out[key] = Number(value);
    else if (value === 'true' || value === 'false') out[key] = value === 'true';
    else out[key] = value;
  }
  return out as T;
}
