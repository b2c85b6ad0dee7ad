import { z } from 'zod';
import { listQuery, queryDate, queryText } from '../common/list.js';

// The audit log's query, apart from the area's routes: see ./README.md.

/** What a row records: the row triggers' create/update/delete, and the explicit rows staff calls write. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'export',
  'test-send',
  'import',
  'sign-in',
  'sign-out',
  'sign-in-failed',
  'password-reset',
] as const;

/**
 * The audit log (issue 27), newest first: searched by entity id or actor name; filtered by actor (`account:12`
 * or `key:3`), entity (table name), action and the day range [dateFrom, dateTo]. The History panel of a
 * record is this list with `entity` and `entityId`.
 */
export const AuditLogListQuery = listQuery({
  sortable: ['at', 'id'] as const,
  defaultSort: 'at:desc',
  filters: {
    actor: z
      .string()
      .regex(/^((account|key):\d{1,9})?$/, 'Actor must be account:<id> or key:<id>')
      .optional(),
    entity: z
      .string()
      .max(63)
      .regex(/^[a-z_]*$/, 'Entity must be a table name')
      .optional(),
    entityId: queryText,
    action: z
      .string()
      .max(40)
      .regex(/^[a-z-]*$/, 'Action must be a word')
      .optional(),
    dateFrom: queryDate,
    dateTo: queryDate,
  },
});
export type AuditLogListQuery = z.input<typeof AuditLogListQuery>;
