import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection } from 'kysely';
import { CompiledQuery } from 'kysely';

/**
 * Who is acting, for the audit trail (migration 0029a): set while the server serves a signed-in staff
 * member (or, later, an API key), read by the database's audit trigger through the connection setting
 * `audit.context`. Each connection Kysely reserves gets the context of the code reserving it (none for jobs
 * and scripts); the setting is sent only when it differs from what that connection already has, so a run of
 * calls by the same person costs no extra round trip.
 */
export type AuditActor = { accountId: number | null; apiKeyId: number | null; address: string | null };

export const auditActors = new AsyncLocalStorage<AuditActor>();

const sent = new WeakMap<DatabaseConnection, string>();

/** Kysely's `onReserveConnection`: brings the connection's `audit.context` in line with the current actor. */
export async function applyAuditContext(connection: DatabaseConnection): Promise<void> {
  const actor = auditActors.getStore();
  const wanted = actor ? JSON.stringify(actor) : '';
  if ((sent.get(connection) ?? '') === wanted) return;
  await connection.executeQuery(CompiledQuery.raw(`select set_config('audit.context', $1, false)`, [wanted]));
  sent.set(connection, wanted);
}
