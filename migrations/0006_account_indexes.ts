import { sql, type Kysely } from 'kysely';

/*
 * Indexes for the accounts, members and pledges lists (built to answer any page of 500,000 members
 * quickly; measured with EXPLAIN ANALYZE on a seeded database, see server/src/features/accounts).
 * - members (member_at set) and pledges (pledged_at set, member_at not set) by date: partial btrees
 *   that serve the default order, the date-range filters and the counts with index-only scans;
 * - name order (last name, first name, case-insensitive) with the dates included, so a members or
 *   pledges page in name order is found in the index alone;
 * - search: trigram indexes on the exact text the search looks in (names, email, invitation code):
 *   one over all accounts, and one each over members and pledges, which halves the rows a members
 *   search has to recheck and count (EXPLAIN ANALYZE, 'smith' in 500,000 members: 107 ms -> 50 ms
 *   on a loaded machine).
 */
const searchText = `(lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(invitation_code, '')))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index accounts_member_at_idx on accounts (member_at, id) where member_at is not null`.execute(db);
  await sql`create index accounts_pledged_at_idx on accounts (pledged_at, id) where pledged_at is not null and member_at is null`.execute(
    db,
  );
  await sql`create index accounts_name_idx on accounts ((lower(last_name || ' ' || first_name)), id) include (member_at, pledged_at)`.execute(
    db,
  );
  await sql.raw(`create index accounts_search_idx on accounts using gin (${searchText} gin_trgm_ops)`).execute(db);
  await sql
    .raw(
      `create index accounts_member_search_idx on accounts using gin (${searchText} gin_trgm_ops) where member_at is not null`,
    )
    .execute(db);
  await sql
    .raw(
      `create index accounts_pledge_search_idx on accounts using gin (${searchText} gin_trgm_ops) where pledged_at is not null and member_at is null`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
