import { sql, type Kysely } from 'kysely';

/*
 * Sessions end after an idle time as well as at a fixed lifetime (OWASP ASVS 3.3): `last_seen_at` is
 * touched at most about once a minute, so recording activity does not cost a write per request.
 *
 * Deactivating an account ends its sessions for good: a row trigger revokes them when `active` turns
 * false, whatever path (route, script, psql) made the change, so re-activating brings none back.
 *
 * Sign-in throttling now inserts an attempt row before checking a password and forgets rows older
 * than a day: the purge reads `failed_at` alone, hence its own index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Sessions made under the old 7-day rule get the new default lifetime of 12 hours.
  await sql`update sessions set expires_at = least(expires_at, created_at + interval '12 hours') where revoked_at is null`.execute(
    db,
  );

  await sql`
    create function end_sessions_of_deactivated_account() returns trigger language plpgsql as $fn$
    begin
      update sessions set revoked_at = now() where account_id = new.id and revoked_at is null;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger accounts_deactivated_end_sessions after update of active on accounts
    for each row when (old.active and not new.active) execute function end_sessions_of_deactivated_account()`.execute(
    db,
  );
  // Accounts already inactive keep no live session either.
  await sql`
    update sessions s set revoked_at = now() from accounts a
    where a.id = s.account_id and not a.active and s.revoked_at is null`.execute(db);

  await db.schema.createIndex('login_failures_failed_at_idx').on('login_failures').column('failed_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
