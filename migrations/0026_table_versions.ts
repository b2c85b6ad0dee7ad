import { sql, type Kysely } from 'kysely';
import { triggerFunction } from './lib/trigger-sql.js';

/*
 * A version per table, raised by a statement trigger on every insert, update, delete and truncate, in
 * the writing transaction: a cached read (server/src/db/read-cache.ts) remembers the versions it was
 * made under and is served again only while they are unchanged, so it is never older than the last
 * committed write, whichever instance or job made it. One row update per write statement: meant for
 * tables staff edit by hand (institutions, chapters, their files), not for the high-volume ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table table_versions (table_name text primary key, version bigint not null default 0)`.execute(db);
  await sql
    .raw(
      triggerFunction(
        'table_versions_raise',
        'update table_versions set version = version + 1 where table_name = tg_table_name',
      ),
    )
    .execute(db);
  await sql`
    create function track_table_version(target text) returns void language plpgsql as $fn$
    begin
      insert into table_versions (table_name) values (target) on conflict do nothing;
      execute format('create trigger %I after insert or update or delete on %I for each statement execute function table_versions_raise()', target || '_version_changed', target);
      execute format('create trigger %I after truncate on %I for each statement execute function table_versions_raise()', target || '_version_truncated', target);
    end
    $fn$`.execute(db);
  for (const table of ['institutions', 'institution_logos', 'chapters', 'files']) {
    await sql`select track_table_version(${table})`.execute(db);
  }
}
