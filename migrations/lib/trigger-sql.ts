/** A plpgsql trigger function that runs `body` once and returns null (for statement triggers). */
export const triggerFunction = (name: string, body: string, { replace = false } = {}) => `
  create ${replace ? 'or replace ' : ''}function ${name}() returns trigger language plpgsql as $fn$
  begin
    ${body};
    return null;
  end
  $fn$`;

/**
 * Adds the `(kind, day, n)` changes selected by `source` to dashboard_daily_counts: one grouped upsert,
 * in key order so concurrent writers cannot deadlock on the rows.
 */
export const applyDailyCounts = (source: string) => `
  insert into dashboard_daily_counts as d (kind, day, count)
  select kind, day, sum(n) from (${source}) c group by kind, day having sum(n) <> 0 order by kind, day
  on conflict (kind, day) do update set count = d.count + excluded.count`;

export type AuditTriggerOptions = {
  /** The column that names the record as the API and the screens do (its entity_id): `id` unless said. */
  key?: string;
  /** Columns said in the row's `detail` on every change (a payment's amount, method and reference). */
  keep?: readonly string[];
  /** The action an update is recorded as, instead of `update` (a pledge). */
  updateAction?: string;
  /** The events, `insert or update or delete` unless said (`update of a, b`). */
  events?: string;
  /** A further condition on the row (`old.x is distinct from new.x`). */
  when?: string;
};

/**
 * The audit trail's row trigger on `table` (the function `audit_row` of migrations 0029a and 0034d): fires
 * only while an actor is set in the transaction (server/src/db/audit-context.ts).
 * @example await sql.raw(auditTrigger('payments', { keep: ['amount_cents', 'method', 'reference'] })).execute(db);
 */
export const auditTrigger = (
  table: string,
  { key = 'id', keep = [], updateAction = '', events = 'insert or update or delete', when }: AuditTriggerOptions = {},
) => `
  create trigger audit_row after ${events} on ${table} for each row
  when (coalesce(current_setting('audit.context', true), '') <> ''${when ? ` and (${when})` : ''})
  execute function audit_row('${key}', '${keep.join(',')}', '${updateAction}')`;
