import { sql, type Kysely } from 'kysely';
import { applyDailyCounts as apply, triggerFunction } from './lib/trigger-sql.js';

/*
 * Dashboard counts per UTC day, kept by statement triggers on accounts: 'joins' by member_at, 'pledges'
 * by pledged_at. Counting the raw rows cannot meet the dashboard's budget at scale (with 500,000 members
 * the month heatmap alone scans every row: 150 ms and more), while this table holds one row per kind
 * and day, so every dashboard call reads a few hundred rows at most.
 *
 * Statement triggers with transition tables cost one grouped upsert per statement, however many rows it
 * touches (bulk imports stay fast); an update that moves no date writes nothing; rows are upserted in
 * key order so concurrent writers cannot deadlock on them.
 */

/** The day changes of the rows in a transition table, each counting `sign`. */
const changes = (rows: string, sign: 1 | -1) => `
  select 'joins' as kind, (member_at at time zone 'UTC')::date as day, ${sign} as n from ${rows} where member_at is not null
  union all
  select 'pledges', (pledged_at at time zone 'UTC')::date, ${sign} from ${rows} where pledged_at is not null`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table dashboard_daily_counts (
      kind text not null check (kind in ('joins', 'pledges')),
      day date not null,
      count integer not null,
      primary key (kind, day)
    )`.execute(db);

  await sql.raw(triggerFunction('dashboard_counts_inserted', apply(changes('new_rows', 1)))).execute(db);
  await sql.raw(triggerFunction('dashboard_counts_deleted', apply(changes('old_rows', -1)))).execute(db);
  await sql
    .raw(
      triggerFunction(
        'dashboard_counts_updated',
        apply(`${changes('old_rows', -1)} union all ${changes('new_rows', 1)}`),
      ),
    )
    .execute(db);
  await sql.raw(triggerFunction('dashboard_counts_truncated', 'delete from dashboard_daily_counts')).execute(db);

  await sql`
    create trigger accounts_dashboard_insert after insert on accounts
    referencing new table as new_rows for each statement execute function dashboard_counts_inserted()`.execute(db);
  await sql`
    create trigger accounts_dashboard_update after update on accounts
    referencing old table as old_rows new table as new_rows for each statement execute function dashboard_counts_updated()`.execute(
    db,
  );
  await sql`
    create trigger accounts_dashboard_delete after delete on accounts
    referencing old table as old_rows for each statement execute function dashboard_counts_deleted()`.execute(db);
  await sql`
    create trigger accounts_dashboard_truncate after truncate on accounts
    for each statement execute function dashboard_counts_truncated()`.execute(db);

  // The accounts already there.
  await sql.raw(apply(changes('accounts', 1))).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
