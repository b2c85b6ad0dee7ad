import { sql, type Kysely } from 'kysely';

/*
 * Per-domain deliverability (issue 37): one row per recipient domain that delivery has tried.
 * - budget: the pacing group it shares a rate with (its MX host's organisation where known: 'microsoft',
 *   'google'; otherwise the domain itself).
 * - state: normal, slowed (deferred lately, its rate halved), given_up (deferred every message for longer
 *   than EMAIL_DOMAIN_GIVE_UP_HOURS: its sends failed); rate_per_minute null means uncapped.
 * - deferring_since: the first deferral with no acceptance since (what the give-up counts from).
 * Written by the delivery pass once per batch, so a row costs nothing per message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table email_domains (
      domain text primary key,
      budget text not null,
      state text not null default 'normal' check (state in ('normal', 'slowed', 'given_up')),
      rate_per_minute double precision,
      deferrals integer not null default 0,
      deferring_since timestamptz,
      last_answer text,
      sent bigint not null default 0,
      deferred bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
