import { sql, type Kysely } from 'kysely';
import { createIdTable } from './lib/tables.js';

/**
 * API keys (issue 23 §7): a key is `hsk_<lookup id>_<secret>`; only the lookup id (unique, the visible
 * prefix) and the SHA-256 of the whole key are stored. A key acts for the staff member who made it, within
 * its scopes (`<area>:read|write`). last_used_at is written at most once a minute per key. Creating and
 * revoking a key are audited like other staff changes (the hash column is never copied into a row).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createIdTable(
    db,
    'api_keys',
    sql`name text not null,
      lookup_id text not null unique,
      secret_hash text not null,
      scopes text[] not null,
      created_by integer references accounts(id) on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by integer references accounts(id) on delete set null`,
  );
  await sql`create index api_keys_created_idx on api_keys (created_at, id)`.execute(db);
  await sql`
    create trigger audit_row after insert or update or delete on api_keys for each row
    when (coalesce(current_setting('audit.context', true), '') <> '') execute function audit_row()`.execute(db);
}
