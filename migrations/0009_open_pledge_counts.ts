import { sql, type Kysely } from 'kysely';
import { applyDailyCounts as apply, triggerFunction } from './lib/trigger-sql.js';

/*
 * The daily counts of 0007 gain a third kind, 'open_pledges': accounts that pledged (by pledged_at day)
 * and have no membership yet — exactly the pledges list. With 'joins' (= the members list by
 * member_at day) the members and pledges lists count their rows from this table when no search is
 * given, instead of counting up to 500,000 index entries per page.
 */
const changes = (rows: string, sign: 1 | -1) => `
  select 'joins' as kind, (member_at at time zone 'UTC')::date as day, ${sign} as n from ${rows} where member_at is not null
  union all
  select 'pledges', (pledged_at at time zone 'UTC')::date, ${sign} from ${rows} where pledged_at is not null
  union all
  select 'open_pledges', (pledged_at at time zone 'UTC')::date, ${sign} from ${rows} where pledged_at is not null and member_at is null`;

const replaceFunction = (name: string, body: string) => triggerFunction(name, body, { replace: true });

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table dashboard_daily_counts drop constraint dashboard_daily_counts_kind_check`.execute(db);
  await sql`alter table dashboard_daily_counts add constraint dashboard_daily_counts_kind_check check (kind in ('joins', 'pledges', 'open_pledges'))`.execute(
    db,
  );
  await sql.raw(replaceFunction('dashboard_counts_inserted', apply(changes('new_rows', 1)))).execute(db);
  await sql.raw(replaceFunction('dashboard_counts_deleted', apply(changes('old_rows', -1)))).execute(db);
  await sql
    .raw(
      replaceFunction(
        'dashboard_counts_updated',
        apply(`${changes('old_rows', -1)} union all ${changes('new_rows', 1)}`),
      ),
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into dashboard_daily_counts (kind, day, count)
    select 'open_pledges', (pledged_at at time zone 'UTC')::date, count(*) from accounts
    where pledged_at is not null and member_at is null group by 2 order by 2`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
