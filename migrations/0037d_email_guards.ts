import { sql, type Kysely } from 'kysely';
import { auditTrigger, triggerFunction } from './lib/trigger-sql.js';

/*
 * Bounce and complaint guards (issue 37 §3), and provider deferrals slowing their domain (§1).
 * - email_guard_rules: what a hard bounce, a soft bounce and a complaint do to the address, per kind: after
 *   `times` of them (within `within_days`, or ever), `none`, `block`, or `block_unsubscribe`. Editable, audited.
 * - email_guard_hits: one row per bounce or complaint event applied (the event's id), by address: the count a
 *   rule reads (an index range per address and kind).
 * - email_guard_counts: per scope (an invitation's id, or 0 for the whole account) and 10-minute bucket, the
 *   sends sent, hard-bounced and complained about, kept by a statement trigger on email_events as 0037e does
 *   per domain (a kind counts a send once, while its flag is still off); the 24 h and 7 day rates read at most
 *   1,008 rows a scope.
 * - email_guard_pauses: a pause of new reminders of an invitation (or of every one: invitation_id null), why,
 *   and its resume (who, when: an explicit action, audited as `resume`). One live pause per scope.
 * - email_domains.provider_deferrals: provider deferral events (SES DeliveryDelay, SendGrid and Mandrill
 *   deferred, Postmark transient bounces) not yet taken up by a delivery pass, which slows the domain with them.
 * - email_sends gains the source `guard_notice` (the email to the staff who sent a paused campaign).
 */
const fromEvents = (rows: string) => `
  insert into email_guard_counts as g (scope, bucket, sent, bounced, complained)
  select scope, bucket, sum(sent), sum(bounced), sum(complained) from (
    select unnest(case when s.invitation_id is null then array[0::bigint] else array[0::bigint, s.invitation_id::bigint] end) as scope,
      date_bin('10 minutes', n.event_at, timestamptz '2000-01-01') as bucket,
      count(distinct n.send_id) filter (where n.name = 'sent' and not s.sent) as sent,
      count(distinct n.send_id) filter (where n.name = 'bounced_hard' and not s.bounced_hard) as bounced,
      count(distinct n.send_id) filter (where n.name = 'spam' and not s.spam) as complained
    from ${rows} n join email_sends s on s.id = n.send_id
    where not n.automated and n.name in ('sent', 'bounced_hard', 'spam')
    group by 1, 2) c
  group by scope, bucket
  having sum(sent) + sum(bounced) + sum(complained) > 0
  order by scope, bucket
  on conflict (scope, bucket) do update set
    sent = g.sent + excluded.sent, bounced = g.bounced + excluded.bounced, complained = g.complained + excluded.complained`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table email_guard_rules (
      kind text primary key check (kind in ('bounced_hard', 'bounced_soft', 'spam')),
      times integer not null check (times between 1 and 1000),
      within_days integer check (within_days between 1 and 3650),
      action text not null check (action in ('none', 'block', 'block_unsubscribe')),
      updated_at timestamptz not null default now(),
      updated_by integer references accounts (id) on delete set null
    )`.execute(db);
  await sql`
    insert into email_guard_rules (kind, times, within_days, action) values
      ('bounced_hard', 1, null, 'block'), ('bounced_soft', 3, 30, 'block'), ('spam', 1, null, 'block_unsubscribe')`.execute(
    db,
  );
  await sql.raw(auditTrigger('email_guard_rules', { key: 'kind', events: 'update' })).execute(db);

  await sql`
    create table email_guard_hits (
      event_id bigint primary key,
      email text not null,
      kind text not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index email_guard_hits_email_idx on email_guard_hits (email, kind, at)`.execute(db);

  await sql`
    create table email_guard_counts (
      scope bigint not null,
      bucket timestamptz not null,
      sent bigint not null default 0,
      bounced bigint not null default 0,
      complained bigint not null default 0,
      primary key (scope, bucket)
    )`.execute(db);
  await sql`create index email_guard_counts_bucket_idx on email_guard_counts (bucket, scope)`.execute(db);
  await sql.raw(triggerFunction('email_guard_counts_from_events', fromEvents('new_rows'))).execute(db);
  await sql`
    create trigger email_events_guard_counts after insert on email_events
    referencing new table as new_rows for each statement execute function email_guard_counts_from_events()`.execute(db);

  await sql`
    create table email_guard_pauses (
      id serial primary key,
      invitation_id integer references invitations (id) on delete cascade,
      kind text not null check (kind in ('bounce', 'complaint')),
      reason text not null,
      rate double precision not null,
      sends integer not null,
      paused_at timestamptz not null default now(),
      resumed_at timestamptz,
      resumed_by integer references accounts (id) on delete set null
    )`.execute(db);
  await sql`
    create unique index email_guard_pauses_live on email_guard_pauses (coalesce(invitation_id, 0)) where resumed_at is null`.execute(
    db,
  );
  await sql
    .raw(
      auditTrigger('email_guard_pauses', { events: 'update of resumed_at', updateAction: 'resume', keep: ['reason'] }),
    )
    .execute(db);

  await sql`alter table email_domains add column provider_deferrals integer not null default 0`.execute(db);

  // The source list as it stands, plus ours (another migration may have added its own meanwhile).
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'email_sends_source_check'`.execute(db);
  const sources = [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
  const list = [...new Set([...sources, 'guard_notice'])].map((s) => `'${s}'`).join(', ');
  await sql
    .raw(
      `alter table email_sends drop constraint email_sends_source_check,
         add constraint email_sends_source_check check (source in (${list}))`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
