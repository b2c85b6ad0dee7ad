import type { z } from 'zod';
import { c } from '../c.js';
import { IdParam } from './fields.js';
import { CsvBody, exportQuery, paged } from './list.js';

/**
 * The five routes of a listed, exported and edited area, at `path`: list (`GET path`, paged),
 * export (`GET path/export`, CSV with the list's filters), get (`GET path/:id`), create (`POST path`,
 * 201) and update (`PUT path/:id`). Spread it into the area's `c.router` next to any routes of its own;
 * `responses` adds statuses to create and update (e.g. `{ 409: ErrorBody }`).
 * @example
 * export const institutionsContract = c.router(
 *   { ...areaRoutes({ path: '/admin/institutions', item: Institution, input: InstitutionInput, query: InstitutionListQuery, summaries }) },
 *   { metadata: meta.admin },
 * );
 */
export function areaRoutes<
  P extends string,
  Item extends z.ZodTypeAny,
  Input extends z.ZodTypeAny,
  Shape extends z.ZodRawShape,
  Extra extends Record<number, z.ZodTypeAny> = {},
>(area: {
  path: P;
  item: Item;
  input: Input;
  query: z.ZodObject<Shape>;
  /** The OpenAPI summary of each route. */
  summaries: { list: string; export: string; get: string; create: string; update: string };
  responses?: Extra;
}) {
  const extra = (area.responses ?? {}) as Extra;
  return {
    list: { method: 'GET', path: area.path, query: area.query, responses: { 200: paged(area.item) }, summary: area.summaries.list },
    export: {
      method: 'GET',
      path: `${area.path}/export`,
      query: exportQuery(area.query),
      responses: { 200: c.otherResponse({ contentType: 'text/csv', body: CsvBody }) },
      summary: area.summaries.export,
    },
    get: { method: 'GET', path: `${area.path}/:id`, pathParams: IdParam, responses: { 200: area.item }, summary: area.summaries.get },
    create: { method: 'POST', path: area.path, body: area.input, responses: { 201: area.item, ...extra }, summary: area.summaries.create },
    update: {
      method: 'PUT',
      path: `${area.path}/:id`,
      pathParams: IdParam,
      body: area.input,
      responses: { 200: area.item, ...extra },
      summary: area.summaries.update,
    },
  } as const;
}
