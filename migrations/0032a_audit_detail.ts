import { sql, type Kysely } from 'kysely';

/**
 * Explicit audit rows (issue 27: exports, test sends, imports, sign-ins ...) say more than a row change:
 * the filters of an export, the address a test went to. `detail` holds that; `changes` stays the
 * `{column: {old, new}}` of row updates. The actor index covers API keys too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_log add column detail jsonb`.execute(db);
  await sql`create index audit_log_api_key_idx on audit_log (api_key_id, at desc) where api_key_id is not null`.execute(
    db,
  );
}
