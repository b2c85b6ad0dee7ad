import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import {
  CompiledQuery,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Who is acting, for the audit trail (migration 0029a): set while the server serves a signed-in staff
 * member or an API key (features/auth/access.ts), or while a job works for one (an import runs as its
 * importer), and read by the database's audit trigger through the setting `audit.context`.
 *
 * The setting is always transaction-local (`set_config(..., true)`), never left on a pooled connection: a
 * connection the next caller takes (a job, a raw COPY transaction, another staff member) carries nobody.
 * Kysely's transactions get it right after `begin`; a staff member's single write outside a transaction
 * runs in one of its own (`begin`, the context, the write, `commit`); reads are sent as they are; raw
 * transactions (copy-in.ts) start with `beginAudited`. Jobs and scripts outside any actor set nothing.
 */
export type AuditActor = {
  accountId: number | null;
  apiKeyId: number | null;
  address: string | null;
  /** Said on each row the trigger writes for this actor, e.g. `{ importId }` for an import's rows. */
  detail?: Record<string, unknown>;
};

export const auditActors = new AsyncLocalStorage<AuditActor>();

/** The current actor as the trigger reads it, or '' for none. */
const currentContext = () => {
  const actor = auditActors.getStore();
  return actor ? JSON.stringify(actor) : '';
};

const setLocal = (context: string) => `select set_config('audit.context', ${pg.escapeLiteral(context)}, true)`;

/**
 * The statement that opens a raw transaction carrying the current actor (one round trip; none is set
 * without an actor, so the trigger sees '' from the connection's default).
 * @example await client.query(beginAudited());
 */
export function beginAudited(): string {
  const context = currentContext();
  return context ? `begin; ${setLocal(context)}` : 'begin';
}

/** A plain select (no data-modifying WITH) writes nothing a trigger audits; anything else may. */
function mayWrite(query: CompiledQuery): boolean {
  const node = query.query as { kind: string; with?: unknown };
  return !(node.kind === 'SelectQueryNode' && !node.with);
}

/** A pooled connection with the actor of whoever reserved it, sent only inside transactions. */
class AuditedConnection implements DatabaseConnection {
  context = '';
  inTransaction = false;
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery, options?: object): Promise<QueryResult<R>> {
    if (!this.context || this.inTransaction || !mayWrite(query)) return this.inner.executeQuery(query, options);
    await this.inner.executeQuery(CompiledQuery.raw(`begin; ${setLocal(this.context)}`));
    try {
      const result = await this.inner.executeQuery<R>(query, options);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (err) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw err;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number, options?: object): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }

  cancelQuery: DatabaseConnection['cancelQuery'] = (provider) =>
    this.inner.cancelQuery?.(provider) ?? Promise.resolve();
  killSession: DatabaseConnection['killSession'] = (provider) =>
    this.inner.killSession?.(provider) ?? Promise.resolve();
  collectSessionInfo: DatabaseConnection['collectSessionInfo'] = () =>
    this.inner.collectSessionInfo?.() ?? Promise.resolve();
}

/** The driver's own connection under ours (its release and rollback need the one it made). */
type PgConnection = Parameters<PostgresDriver['releaseConnection']>[0];
const inner = (c: DatabaseConnection) => (c as AuditedConnection).inner as PgConnection;

class AuditedPostgresDriver extends PostgresDriver {
  readonly #wrapped = new WeakMap<DatabaseConnection, AuditedConnection>();

  override async acquireConnection(...args: Parameters<PostgresDriver['acquireConnection']>) {
    const connection = await super.acquireConnection(...args);
    let audited = this.#wrapped.get(connection);
    if (!audited) this.#wrapped.set(connection, (audited = new AuditedConnection(connection)));
    audited.context = currentContext();
    audited.inTransaction = false;
    return audited;
  }

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const audited = connection as AuditedConnection;
    await super.beginTransaction(audited.inner, settings);
    audited.inTransaction = true;
    if (audited.context) await audited.inner.executeQuery(CompiledQuery.raw(setLocal(audited.context)));
  }

  override async commitTransaction(connection: DatabaseConnection) {
    (connection as AuditedConnection).inTransaction = false;
    await super.commitTransaction(inner(connection));
  }

  override async rollbackTransaction(connection: DatabaseConnection) {
    (connection as AuditedConnection).inTransaction = false;
    await super.rollbackTransaction(inner(connection));
  }

  override savepoint(connection: DatabaseConnection, ...args: DropFirst<Parameters<PostgresDriver['savepoint']>>) {
    return super.savepoint(inner(connection), ...args);
  }

  override rollbackToSavepoint(
    connection: DatabaseConnection,
    ...args: DropFirst<Parameters<PostgresDriver['rollbackToSavepoint']>>
  ) {
    return super.rollbackToSavepoint(inner(connection), ...args);
  }

  override releaseSavepoint(
    connection: DatabaseConnection,
    ...args: DropFirst<Parameters<PostgresDriver['releaseSavepoint']>>
  ) {
    return super.releaseSavepoint(inner(connection), ...args);
  }

  override async releaseConnection(connection: DatabaseConnection) {
    await super.releaseConnection(inner(connection));
  }
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/** Kysely's PostgreSQL dialect whose every transaction (and staff write outside one) carries the actor. */
export class AuditedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new AuditedPostgresDriver(this.#config);
  }
}
