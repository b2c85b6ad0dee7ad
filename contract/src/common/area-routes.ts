import type { z } from 'zod';
import { c } from '../c.js';
import { meta } from './access.js';
import { IdParam } from './fields.js';
import { CsvBody, exportQuery, paged } from './list.js';

/** What each route's OpenAPI summary says; unset ones are worded from `noun` ("One chapter", ...). */
export type AreaSummaries = {
  noun: string;
  /** Default: noun + 's'. */
  plural?: string;
  list?: string;
  export?: string;
  get?: string;
  create?: string;
  update?: string;
};

/**
 * A paged list route: `GET path` with the list's query, answering `{items, pagination}`.
 * @example members: listRoute('/admin/accounts/legacy', MemberListQuery, MemberRow, 'List members')
 */
export const listRoute = <P extends string, Q extends z.ZodTypeAny, I extends z.ZodTypeAny>(
  path: P,
  query: Q,
  item: I,
  summary: string,
) => ({ method: 'GET', path, query, responses: { 200: paged(item) }, summary }) as const;

/** A CSV export route: `GET path` with a list's filters (no paging), streamed as text/csv. */
export const exportRoute = <P extends string, Shape extends z.ZodRawShape>(
  path: P,
  query: z.ZodObject<Shape>,
  summary: string,
) =>
  ({
    method: 'GET',
    path,
    query: exportQuery(query),
    responses: { 200: c.otherResponse({ contentType: 'text/csv', body: CsvBody }) },
    summary,
  }) as const;

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/**
 * The five routes of a listed, exported and edited area, at `path`: list (`GET path`, paged),
 * export (`GET path/export`, CSV with the list's filters), get (`GET path/:id`), create (`POST path`,
 * 201) and update (`PUT path/:id`). Spread it into the area's `c.router` next to any routes of its own;
 * `responses` adds statuses to create and update (e.g. `{ 409: ErrorBody }`).
 * @example
 * export const institutionsContract = c.router(
 *   areaRoutes('/admin/institutions', { item: Institution, input: InstitutionInput, query: InstitutionListQuery }, { noun: 'institution' }),
 *   { metadata: meta.area('institutions') },
 * );
 */
export function areaRoutes<
  P extends string,
  Item extends z.ZodTypeAny,
  Input extends z.ZodTypeAny,
  Shape extends z.ZodRawShape,
  Extra extends Record<number, z.ZodTypeAny> = {},
>(
  path: P,
  schemas: { item: Item; input: Input; query: z.ZodObject<Shape>; responses?: Extra },
  summaries: AreaSummaries,
) {
  const { item, input, query } = schemas;
  const extra = (schemas.responses ?? {}) as Extra;
  const { noun, plural = `${noun}s` } = summaries;
  return {
    list: listRoute(path, query, item, summaries.list ?? `List ${plural}`),
    export: exportRoute(`${path}/export`, query, summaries.export ?? `Export the filtered ${plural} as CSV`),
    get: {
      method: 'GET',
      path: `${path}/:id`,
      pathParams: IdParam,
      responses: { 200: item },
      summary: summaries.get ?? `One ${noun}`,
    },
    create: {
      method: 'POST',
      path,
      body: input,
      responses: { 201: item, ...extra },
      summary: summaries.create ?? `Create ${article(noun)} ${noun}`,
    },
    update: {
      method: 'PUT',
      path: `${path}/:id`,
      pathParams: IdParam,
      body: input,
      responses: { 200: item, ...extra },
      summary: summaries.update ?? `Update ${article(noun)} ${noun}`,
    },
  } as const;
}

/**
 * An admin area that is only its five `areaRoutes`: their router, for staff holding the area's permissions
 * (`area` is its key in the contract router).
 * @example
 * export const institutionsContract = adminAreaContract('institutions', '/admin/institutions', { item: Institution, input: InstitutionInput, query: InstitutionListQuery }, { noun: 'institution' });
 */
export function adminAreaContract<
  A extends string,
  P extends string,
  Item extends z.ZodTypeAny,
  Input extends z.ZodTypeAny,
  Shape extends z.ZodRawShape,
  Extra extends Record<number, z.ZodTypeAny> = {},
>(
  area: A,
  path: P,
  schemas: { item: Item; input: Input; query: z.ZodObject<Shape>; responses?: Extra },
  summaries: AreaSummaries,
) {
  const routes = areaRoutes(path, schemas, summaries);
  const metadata = meta.area(area);
  // Typed by hand: c.router's own check of its routes cannot be worked out on generic schemas.
  return c.router<typeof routes, string, { metadata: typeof metadata }>(routes as never, { metadata });
}
