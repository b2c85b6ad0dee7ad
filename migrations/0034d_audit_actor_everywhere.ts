import { sql, type Kysely } from 'kysely';
import { auditTrigger } from './lib/trigger-sql.js';

/*
 * The audit trail names the right person and the right record (issue 34, finding 4):
 * - `audit_row` takes its trigger's arguments: the column naming the record as the API does (calendar
 *   events by their uuid, not the internal id), columns said in `detail` on every change, and the action an
 *   update is recorded as; the actor's own `detail` (an import's id) is said on each row too. Triggers made
 *   before (no arguments) keep working as they did.
 * - `payments` are audited with their amount, currency, method and reference; an invitee's pledge (its
 *   pledge time, account or external id set) is a `pledge` row. Only while a staff member or an API key
 *   acts: a member's own pledge and Stripe's webhook have no actor.
 * - an import keeps who started it (`actor`, the audit context of that request): its job writes as them.
 * - the audit rows of calendar events that still exist are renamed to the event's uuid (the one change ever
 *   made to audit rows: their record's name, nothing else); those of events deleted before keep the id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function audit_row() returns trigger language plpgsql as $$
    declare
      ctx jsonb := current_setting('audit.context', true)::jsonb;
      key text := coalesce(nullif(tg_argv[0], ''), 'id');
      kept text[] := string_to_array(nullif(tg_argv[1], ''), ',');
      old_j jsonb;
      new_j jsonb;
      diff jsonb;
      said jsonb;
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
      select jsonb_object_agg(k, coalesce(new_j, old_j) -> k) into said from unnest(kept) k;
      said := coalesce(said, '{}'::jsonb) || coalesce(ctx -> 'detail', '{}'::jsonb);
      insert into audit_log (account_id, api_key_id, address, action, entity, entity_id, changes, detail)
      values ((ctx ->> 'accountId')::int, (ctx ->> 'apiKeyId')::int, ctx ->> 'address',
              case tg_op when 'INSERT' then 'create'
                         when 'UPDATE' then coalesce(nullif(tg_argv[2], ''), 'update') else 'delete' end,
              tg_table_name, coalesce(new_j ->> key, old_j ->> key), diff, nullif(said, '{}'::jsonb));
      return null;
    end $$`.execute(db);

  await sql`drop trigger if exists audit_row on calendar_events`.execute(db);
  await sql.raw(auditTrigger('calendar_events', { key: 'uuid' })).execute(db);
  await sql`alter table audit_log disable trigger audit_log_unchangeable`.execute(db);
  await sql`
    update audit_log l set entity_id = e.uuid::text from calendar_events e
    where l.entity = 'calendar_events' and l.entity_id = e.id::text`.execute(db);
  await sql`alter table audit_log enable trigger audit_log_unchangeable`.execute(db);

  await sql
    .raw(
      auditTrigger('payments', {
        keep: ['account_id', 'invitee_id', 'amount_cents', 'currency', 'method', 'reference'],
      }),
    )
    .execute(db);
  const pledged = ['legacy_pledge_at', 'account_id', 'pledge_external_id'];
  await sql
    .raw(
      auditTrigger('invitees', {
        events: `update of ${pledged.join(', ')}`,
        when: pledged.map((c) => `old.${c} is distinct from new.${c}`).join(' or '),
        keep: ['invitation_id'],
        updateAction: 'pledge',
      }),
    )
    .execute(db);

  await sql`alter table imports add column actor jsonb`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
