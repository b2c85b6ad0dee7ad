import { sql, type Kysely } from 'kysely';
import { triggerFunction } from './lib/trigger-sql.js';

/*
 * The dashboard's daily counts (0007, 0009) per chapter too (issue 35 §3): an advisor's dashboard and members
 * and pledges totals read the rows of their chapters here, a few hundred per chapter, instead of scanning the
 * accounts. Kept like the society-wide table, by statement triggers on accounts with transition tables (one
 * grouped upsert per statement), counting by the account's chapter, so a row that moves chapter moves its
 * counts. Accounts without a chapter count only society-wide.
 */
const changes = (rows: string, sign: 1 | -1) => `
  select chapter_id, 'joins' as kind, (member_at at time zone 'UTC')::date as day, ${sign} as n from ${rows}
    where chapter_id is not null and member_at is not null
  union all
  select chapter_id, 'pledges', (pledged_at at time zone 'UTC')::date, ${sign} from ${rows}
    where chapter_id is not null and pledged_at is not null
  union all
  select chapter_id, 'open_pledges', (pledged_at at time zone 'UTC')::date, ${sign} from ${rows}
    where chapter_id is not null and pledged_at is not null and member_at is null`;

const apply = (source: string) => `
  insert into chapter_daily_counts as d (chapter_id, kind, day, count)
  select chapter_id, kind, day, sum(n) from (${source}) c group by chapter_id, kind, day having sum(n) <> 0
  order by chapter_id, kind, day
  on conflict (chapter_id, kind, day) do update set count = d.count + excluded.count`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table chapter_daily_counts (
      chapter_id integer not null,
      kind text not null check (kind in ('joins', 'pledges', 'open_pledges')),
      day date not null,
      count integer not null,
      primary key (chapter_id, kind, day)
    )`.execute(db);

  await sql.raw(triggerFunction('chapter_counts_inserted', apply(changes('new_rows', 1)))).execute(db);
  await sql.raw(triggerFunction('chapter_counts_deleted', apply(changes('old_rows', -1)))).execute(db);
  await sql
    .raw(
      triggerFunction(
        'chapter_counts_updated',
        apply(`${changes('old_rows', -1)} union all ${changes('new_rows', 1)}`),
      ),
    )
    .execute(db);
  await sql.raw(triggerFunction('chapter_counts_truncated', 'delete from chapter_daily_counts')).execute(db);

  await sql`
    create trigger accounts_chapter_counts_insert after insert on accounts
    referencing new table as new_rows for each statement execute function chapter_counts_inserted()`.execute(db);
  await sql`
    create trigger accounts_chapter_counts_update after update on accounts
    referencing old table as old_rows new table as new_rows for each statement execute function chapter_counts_updated()`.execute(
    db,
  );
  await sql`
    create trigger accounts_chapter_counts_delete after delete on accounts
    referencing old table as old_rows for each statement execute function chapter_counts_deleted()`.execute(db);
  await sql`
    create trigger accounts_chapter_counts_truncate after truncate on accounts
    for each statement execute function chapter_counts_truncated()`.execute(db);

  // The accounts already there.
  await sql.raw(apply(changes('accounts', 1))).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
