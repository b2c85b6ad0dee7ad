import { z } from 'zod';
import { dateProblem } from './dates.js';
import { STORABLE_TEXT } from './fields.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Far past any real list, and small enough that the row offset stays an exact, storable number. */
export const MAX_PAGE = 1_000_000;

export type SortDirection = 'asc' | 'desc';
export type SortTerm<F extends string = string> = { field: F; direction: SortDirection };

/** Parses `name:asc,id:desc` into terms; returns an error text for the first bad term. */
export function parseSort<F extends string>(
  value: string,
  sortable: readonly F[],
): { terms: SortTerm<F>[] } | { error: string } {
  const terms: SortTerm<F>[] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [field, direction = 'asc', extra] = part.split(':');
    if (extra !== undefined || (direction !== 'asc' && direction !== 'desc')) {
      return { error: `Invalid sort "${part}": use field:asc or field:desc` };
    }
    if (!sortable.includes(field as F)) {
      return { error: `Cannot sort by "${field}"; sortable fields: ${sortable.join(', ') || 'none'}` };
    }
    terms.push({ field: field as F, direction });
  }
  return { terms };
}

export function formatSort(terms: readonly SortTerm[]): string {
  return terms.map((t) => `${t.field}:${t.direction}`).join(',');
}

/** A query-string boolean given as 1/0 or true/false (spec: "Yes=1, No=0"). */
export const queryFlag = z
  .enum(['1', '0', 'true', 'false'], { message: 'Use 1 or 0' })
  .transform((v) => v === '1' || v === 'true');

/** An optional query-string text: empty means absent. */
export const queryText = z
  .string()
  .max(200, 'Search must be 200 characters or less')
  .regex(STORABLE_TEXT, 'Search contains an invalid character')
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** An optional query-string date (YYYY-MM-DD or ISO, years 1000 to 9999): empty means absent. */
export const queryDate = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return undefined;
    const problem = dateProblem(v, 'Date');
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem === 'Date must be a date' ? `Invalid date "${v}"` : problem });
      return z.NEVER;
    }
    return v.trim();
  });

/**
 * Builds a list's query schema: paging, sort checked against this list's own fields, and filters.
 * @example
 * const InstitutionListQuery = listQuery({ sortable: ['name'], filters: { type: InstitutionType.optional() } });
 */
export function listQuery<F extends string, Filters extends z.ZodRawShape = {}>(opts: {
  sortable: readonly F[];
  defaultSort?: string;
  filters?: Filters;
}) {
  return z.object({
    page: z.coerce
      .number({ message: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(MAX_PAGE, `page must be ${MAX_PAGE} or less`)
      .default(1),
    pageSize: z.coerce
      .number({ message: 'pageSize must be a number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be between 1 and 100')
      .max(MAX_PAGE_SIZE, 'pageSize must be between 1 and 100')
      .default(DEFAULT_PAGE_SIZE),
    sort: z
      .string()
      .optional()
      .transform((v, ctx): SortTerm<F>[] => {
        const parsed = parseSort(v ?? opts.defaultSort ?? '', opts.sortable);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.terms;
      }),
    search: queryText,
    ...((opts.filters ?? {}) as Filters),
  });
}

/** The filter part of a list query (no paging): what an export address takes. */
export function exportQuery<T extends z.ZodRawShape>(query: z.ZodObject<T>) {
  return query.omit({ page: true, pageSize: true } as never) as unknown as z.ZodObject<Omit<T, 'page' | 'pageSize'>>;
}

export const Pagination = z.object({
  currentPage: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
  perPage: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

/** The paged result `{items, pagination}` (spec 01 §3). */
export function paged<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), pagination: Pagination });
}
export type Paged<T> = { items: T[]; pagination: Pagination };

export function pagination(page: number, perPage: number, totalItems: number): Pagination {
  const totalPages = Math.ceil(totalItems / perPage);
  return {
    currentPage: page,
    hasPreviousPage: page > 1,
    hasNextPage: page < totalPages,
    perPage,
    totalItems,
    totalPages,
  };
}

/** An export answer: CSV text streamed by the server. */
export const CsvBody = z.string().describe('CSV, one header row then one row per record');
