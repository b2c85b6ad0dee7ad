import { sql, type Kysely } from 'kysely';

// Search matches a stored lower-case text with LIKE (cheaper per row than ILIKE on the fly), through a trigram index.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table institutions add column search text generated always as (lower(name || ' ' || abbreviation)) stored`.execute(
    db,
  );
  await sql`drop index if exists institutions_search_idx`.execute(db);
  await sql`create index institutions_search_trgm_idx on institutions using gin (search gin_trgm_ops)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
