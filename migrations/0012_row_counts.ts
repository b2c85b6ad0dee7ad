import { sql, type Kysely } from 'kysely';
import { triggerFunction } from './lib/trigger-sql.js';

/*
 * Exact row counts of whole tables, kept by statement triggers: a list with no search or filter takes
 * its total from here instead of counting every row per page (100,000 institutions: ~28 ms a page
 * for count(*), well under a millisecond here). Bulk inserts cost one update per statement, not per
 * row. A later area's table joins with `select track_row_count('invitees')` in its own migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table row_counts (table_name text primary key, n bigint not null check (n >= 0))`.execute(db);
  const adjust = (change: string) => `update row_counts set ${change} where table_name = tg_table_name`;
  await sql.raw(triggerFunction('row_counts_inserted', adjust('n = n + (select count(*) from new_rows)'))).execute(db);
  await sql.raw(triggerFunction('row_counts_deleted', adjust('n = n - (select count(*) from old_rows)'))).execute(db);
  await sql.raw(triggerFunction('row_counts_truncated', adjust('n = 0'))).execute(db);
  // Locks the table while it counts, so no row slips in between the count and the triggers.
  await sql`
    create function track_row_count(target text) returns void language plpgsql as $fn$
    begin
      execute format('lock table %I in share row exclusive mode', target);
      execute format('insert into row_counts (table_name, n) select %L, count(*) from %I', target, target);
      execute format('create trigger %I after insert on %I referencing new table as new_rows for each statement execute function row_counts_inserted()', target || '_count_inserted', target);
      execute format('create trigger %I after delete on %I referencing old table as old_rows for each statement execute function row_counts_deleted()', target || '_count_deleted', target);
      execute format('create trigger %I after truncate on %I for each statement execute function row_counts_truncated()', target || '_count_truncated', target);
    end
    $fn$`.execute(db);
  await sql`select track_row_count('institutions')`.execute(db);
  await sql`select track_row_count('chapters')`.execute(db);
}
