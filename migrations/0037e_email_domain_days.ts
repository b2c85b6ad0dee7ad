import { sql, type Kysely } from 'kysely';
import { triggerFunction } from './lib/trigger-sql.js';

/*
 * The deliverability page (issue 37 §6): per recipient domain and UTC day, the sends sent, delivered,
 * deferred, bounced (hard, soft), complained about and opened, kept as counts so the page reads a few
 * thousand rows however many events there are (20,000,000 and more).
 * - Events: one statement trigger on email_events (a transition table, one grouped upsert per statement, in
 *   key order so concurrent writers cannot deadlock). A kind counts a send once, when its flag on the send
 *   is still off: recordEmailEvents inserts the events before it sets the flags, so a second open, or the
 *   provider's Send after our own 'sent', adds nothing, as the flags count. Machine opens and clicks never count.
 * - Deferrals at RCPT (no event: the recipient's server answered 4xx before the message was taken): from
 *   email_domains' `deferred` count, which a delivery pass adds to (0036d), on the day it grows.
 * - email_dns_checks: the sending domain's SPF, DKIM and DMARC look-ups (on demand and daily), latest first.
 * Counts are history: a send deleted later (privacy retention) keeps its counts.
 */
const KINDS = [
  ['sent', 'sent', 'sent'],
  ['delivered', 'delivered', 'delivered'],
  ['deferred', 'deferred', 'deferred'],
  ['bounced_hard', 'bounced_hard', 'bounced_hard'],
  ['bounced_soft', 'bounced_soft', 'bounced_soft'],
  ['complained', 'spam', 'spam'],
  ['opened', 'opened', 'opened'],
] as const;

const columns = KINDS.map(([column]) => column).join(', ');
const added = KINDS.map(([column]) => `${column} = d.${column} + excluded.${column}`).join(', ');

const fromEvents = (rows: string) => `
  insert into email_domain_days as d (domain, day, ${columns})
  select domain, day, ${KINDS.map(([column]) => `sum(${column})`).join(', ')} from (
    select lower(split_part(s.email_to, '@', 2)) as domain, (n.event_at at time zone 'UTC')::date as day,
      ${KINDS.map(([column, name, flag]) => `count(distinct n.send_id) filter (where n.name = '${name}' and not s.${flag}) as ${column}`).join(',\n      ')}
    from ${rows} n join email_sends s on s.id = n.send_id
    where not n.automated and n.name in (${KINDS.map(([, name]) => `'${name}'`).join(', ')})
    group by 1, 2) c
  group by domain, day
  having ${KINDS.map(([column]) => `sum(${column})`).join(' + ')} > 0
  order by domain, day
  on conflict (domain, day) do update set ${added}`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table email_domain_days (
      domain text not null,
      day date not null,
      ${sql.raw(KINDS.map(([column]) => `${column} bigint not null default 0`).join(',\n      '))},
      primary key (domain, day)
    )`.execute(db);
  await sql`create index email_domain_days_day_idx on email_domain_days (day, domain)`.execute(db);

  await sql.raw(triggerFunction('email_domain_days_from_events', fromEvents('new_rows'))).execute(db);
  await sql`
    create trigger email_events_domain_days after insert on email_events
    referencing new table as new_rows for each statement execute function email_domain_days_from_events()`.execute(db);

  // RCPT deferrals: what a pass adds to email_domains.deferred, on today's row.
  await sql`
    create function email_domain_days_deferred() returns trigger language plpgsql as $fn$
    begin
      insert into email_domain_days as d (domain, day, deferred)
      values (new.domain, (now() at time zone 'UTC')::date, new.deferred - coalesce(old.deferred, 0))
      on conflict (domain, day) do update set deferred = d.deferred + excluded.deferred;
      return null;
    end
    $fn$`.execute(db);
  await sql`
    create trigger email_domains_deferred_insert after insert on email_domains
    for each row when (new.deferred > 0) execute function email_domain_days_deferred()`.execute(db);
  await sql`
    create trigger email_domains_deferred_update after update on email_domains
    for each row when (new.deferred > old.deferred) execute function email_domain_days_deferred()`.execute(db);

  // The events already there: each send's kind on the day of its first such event.
  await sql
    .raw(
      `insert into email_domain_days as d (domain, day, ${columns})
       select lower(split_part(s.email_to, '@', 2)), (f.at at time zone 'UTC')::date,
         ${KINDS.map(([, name]) => `count(*) filter (where f.name = '${name}')`).join(', ')}
       from (select send_id, name, min(event_at) as at from email_events where not automated
             and name in (${KINDS.map(([, name]) => `'${name}'`).join(', ')}) group by send_id, name) f
       join email_sends s on s.id = f.send_id
       group by 1, 2
       on conflict (domain, day) do update set ${added}`,
    )
    .execute(db);

  await sql`
    create table email_dns_checks (
      id bigserial primary key,
      domain text not null,
      checked_at timestamptz not null default now(),
      ok boolean not null,
      records jsonb not null
    )`.execute(db);
  await sql`create index email_dns_checks_latest_idx on email_dns_checks (checked_at desc, id desc)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
