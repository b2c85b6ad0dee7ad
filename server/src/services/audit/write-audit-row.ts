import type { AuditAction } from '@app/contract';
import type { Db } from '../../db/database.js';
import { auditActors, type AuditActor } from '../../db/audit-context.js';

/** What an explicit audit row says: the action, what it acted on, and anything else worth keeping. */
export type AuditEntry = {
  /** One of the contract's `AUDIT_ACTIONS` (a new action is added there, and so reaches the log's filter). */
  action: AuditAction;
  /** The table or area acted on (`accounts`, `email_templates`, `institutions` ...), as row triggers name it. */
  entity: string;
  entityId?: string | number | null;
  /** Said as is, except that any key naming a password, secret, token or hash is dropped, at any depth. */
  detail?: Record<string, unknown>;
};

const SECRET_KEY = /password|secret|token|hash/i;

/** A copy of a JSON value without keys that name secrets (the row triggers' rule, applied to explicit rows). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  );
}

/**
 * Writes one audit row for a staff action that changes no audited table row (those are recorded by the row
 * triggers of migration 0029a): an export, a test send, an import, a sign-in or sign-out. Pass the
 * request's transaction as `db` so the row stands or falls with the change. Who acted is the request's
 * actor (a signed-in staff member or an API key: db/audit-context.ts) unless `actor` is given, e.g. at
 * sign-in, before any session exists: `{ accountId, apiKeyId: null, address: request.ip }`.
 * @example
 * await writeAuditRow(trx, { action: 'test-send', entity: 'email_templates', entityId: id, detail: { to } });
 */
export async function writeAuditRow(
  db: Db,
  entry: AuditEntry,
  actor: AuditActor | undefined = auditActors.getStore(),
): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      accountId: actor?.accountId ?? null,
      apiKeyId: actor?.apiKeyId ?? null,
      address: actor?.address ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      detail: entry.detail ? JSON.stringify(withoutSecrets(entry.detail)) : undefined,
    })
    .execute();
}
