import { sql, type Kysely } from 'kysely';

/**
 * The audit trail (issue 27): one row per change a staff member makes, written by a row trigger in the
 * same transaction as the change. Who and from where come from the connection's `audit.context` setting
 * (JSON `{accountId, apiKeyId, address}`), which the server sets while it serves a signed-in staff member
 * (server/src/db/audit-context.ts); writes without it (jobs, scripts, members) are not audited here.
 * Updates keep the changed columns as `{column: {old, new}}`; columns whose name says password, secret,
 * token or hash are never kept, nor bookkeeping columns (updated_at, name_key, version).
 * Rows cannot be changed or deleted, except by the retention purge (`audit.purge` set in its transaction).
 */
const AUDITED = [
  'institutions',
  'chapters',
  'accounts',
  'invitations',
  'email_templates',
  'blocked_emails',
  'calendar_events',
  'programs',
  'program_sections',
  'program_components',
  'ai_chat_templates',
  'ai_video_templates',
  'assessments',
  'quizzes',
  'surveys',
  'lesson_segments',
  'postal_mails',
  'invitation_tests',
  'invitation_emails',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      account_id integer,
      api_key_id integer,
      address text,
      action text not null,
      entity text not null,
      entity_id text,
      changes jsonb
    )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_entity_idx on audit_log (entity, entity_id, at desc)`.execute(db);
  await sql`create index audit_log_account_idx on audit_log (account_id, at desc) where account_id is not null`.execute(
    db,
  );

  await sql`
    create function audit_log_unchangeable() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('audit.purge', true) = 'on' then return old; end if;
      raise exception 'audit_log rows cannot be changed' using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger audit_log_unchangeable before update or delete on audit_log for each row execute function audit_log_unchangeable()`.execute(
    db,
  );
  await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_unchangeable()`.execute(
    db,
  );

  await sql`
    create function audit_row() returns trigger language plpgsql as $$
    declare
      ctx jsonb := current_setting('audit.context', true)::jsonb;
      old_j jsonb;
      new_j jsonb;
      diff jsonb;
    begin
      if tg_op <> 'INSERT' then old_j := to_jsonb(old); end if;
      if tg_op <> 'DELETE' then new_j := to_jsonb(new); end if;
      if tg_op = 'UPDATE' then
        select jsonb_object_agg(n.key, jsonb_build_object('old', old_j -> n.key, 'new', n.value)) into diff
        from jsonb_each(new_j) n
        where n.value is distinct from old_j -> n.key
          and n.key !~ '(password|secret|token|hash)'
          and n.key not in ('updated_at', 'name_key', 'version', 'search');
        if diff is null then return null; end if;
      end if;
      insert into audit_log (account_id, api_key_id, address, action, entity, entity_id, changes)
      values ((ctx ->> 'accountId')::int, (ctx ->> 'apiKeyId')::int, ctx ->> 'address',
              case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
              tg_table_name, coalesce(new_j ->> 'id', old_j ->> 'id'), diff);
      return null;
    end $$`.execute(db);
  for (const table of AUDITED) {
    // Only tables this database has (areas land side by side); the WHEN clause keeps unaudited writes (jobs, imports) cheap.
    await sql`
      do $$ begin
        if to_regclass(${sql.lit(table)}) is not null then
          execute format('create trigger audit_row after insert or update or delete on %I for each row
            when (coalesce(current_setting(''audit.context'', true), '''') <> '''') execute function audit_row()', ${sql.lit(table)});
        end if;
      end $$`.execute(db);
  }
}
