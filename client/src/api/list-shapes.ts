import type { z } from 'zod';
import type { AppRoute } from '@ts-rest/core';

/** The shape every contract list query has (`listQuery(...)` in contract/src/common/list.ts). */
export type AnyListQuery = z.ZodObject<
  { page: z.ZodTypeAny; pageSize: z.ZodTypeAny; sort: z.ZodTypeAny } & z.ZodRawShape
>;

/** What an export address is built from: a contract route's path and query schema. */
export type ExportRoute = Pick<AppRoute, 'path'> & { query?: unknown; metadata?: unknown };
