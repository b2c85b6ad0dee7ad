import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { exportRoute, listRoute } from './common/area-routes.js';
import { AuditLogListQuery } from './list-queries/audit-log.js';

export * from './list-queries/audit-log.js';
export * from './audit-labels.js';

/** One audit row (issue 27): who (a staff member or an API key), when, from where, what, and for updates the changed fields. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `account:<id>`, `key:<id>`, or null for a row with no known actor (a failed sign-in). */
  actor: z.string().nullable(),
  /** The staff member's name, or the API key's name. */
  actorName: z.string().nullable(),
  address: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** An update's changed fields: `{field: {old, new}}`. */
  changes: z.record(z.object({ old: z.unknown(), new: z.unknown() })).nullable(),
  /** What an explicit row adds: an export's filters, a test's recipient. */
  detail: z.record(z.unknown()).nullable(),
  /** The names of the records this row refers to (itself, and ids in its changes and detail), by `table:id`. */
  names: z.record(z.string()).optional(),
  /** To an API key only: the person the row concerns opted out of the directory, so its naming fields are withheld (issue 36 §5). */
  directoryOptOut: z.boolean().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A name to filter the log by: staff members and API keys that appear in it, and the entities and actions it holds. */
export const AuditFacets = z.object({
  actors: z.array(z.object({ value: z.string(), label: z.string() })),
  /** The tables the log holds, each labelled by its screen's name (`email_templates`: 'Email Template'). */
  entities: z.array(z.object({ value: z.string(), label: z.string() })),
  actions: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof AuditFacets>;

const PATH = '/admin/tech/audit-log';

/** Read only: no call changes or deletes an audit row (the daily retention job is the only delete). */
export const auditLogContract = c.router(
  {
    list: listRoute(
      PATH,
      AuditLogListQuery,
      AuditEntry,
      'List audit rows, newest first (search; filter by actor, entity, record, action and dates)',
    ),
    export: exportRoute(`${PATH}/export`, AuditLogListQuery, 'Export the filtered audit rows as CSV'),
    facets: {
      method: 'GET',
      path: `${PATH}/facets`,
      responses: { 200: AuditFacets },
      summary: 'The actors, entities and actions the audit log holds, for its filters',
    },
  },
  { metadata: meta.area('auditLog') },
);
