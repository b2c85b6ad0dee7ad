import { sql, type Kysely } from 'kysely';

/*
 * Name order as a stored column: an index on an expression cannot answer index-only scans, so a deep
 * page in name order (page 20,000 of 500,000 members) read the table row by row (240 ms); on plain
 * (name_key, id) indexes per list it reads the index alone (33 ms, EXPLAIN ANALYZE).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table accounts add column if not exists name_key text generated always as (lower(last_name || ' ' || first_name)) stored`.execute(
    db,
  );
  await sql`create index if not exists accounts_name_key_idx on accounts (name_key, id)`.execute(db);
  await sql`create index if not exists accounts_member_name_idx on accounts (name_key, id) where member_at is not null`.execute(
    db,
  );
  await sql`create index if not exists accounts_pledge_name_idx on accounts (name_key, id) where pledged_at is not null and member_at is null`.execute(
    db,
  );
  await sql`drop index if exists accounts_name_idx`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
