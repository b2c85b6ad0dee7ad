import { z } from 'zod';
import { listQuery, queryDate, queryText } from '../common/list.js';

// The audit log's query, apart from the area's routes: see ./README.md.

/**
 * Every action an audit row can hold: the row triggers' create/update/delete, and the explicit rows staff calls
 * write. The server's `writeAuditRow` takes only these, and the audit log's Action filter offers them, so an
 * action the server writes cannot be missing from the filter.
 */
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
  // A public pledge linking an existing account, or refused for a staff account; set-password links (issue 34).
  'pledge-link',
  'pledge-refused',
  'password-link-sent',
  'password-set',
  'two-factor-on',
  'two-factor-off',
  'two-factor-reset',
  'recovery-codes-replaced',
  'two-factor-locked',
  // A payment to review applied or refunded by staff, a second payment recorded on purpose (issues 34, 40).
  'apply-payment',
  'refund-payment',
  'record-another-payment',
  // A call refused for want of a permission, with the operation in its detail (issue 35).
  'forbidden',
  // A person's data exported or erased, and a second staff member's confirmation of an erasure (issue 36).
  'privacy-export',
  'privacy-erase',
  'privacy-erase-confirm',
  // A welcome email sent again on request after an earlier one (issue 38 §6).
  'welcome-email-resent',
  // The Open Badges issuer's signing key rotated, with the old key's badges revoked and reissued if it leaked.
  'issuer-key-rotated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
