import { sql, type Kysely } from 'kysely';
import { createTable } from './lib/tables.js';

/*
 * The join funnel (issue 23): an invitee who pledges gets (or is linked to) an account, kept on the invitee;
 * payments land in `payments`, one row per Stripe Checkout Session or per external id (staff and integrators),
 * so a repeated webhook or call finds its row instead of paying twice; Stripe event ids are kept once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Nullable and without a default: adding it rewrites nothing, however many invitees there are.
  await sql`alter table invitees add column account_id integer references accounts(id) on delete set null`.execute(db);
  await sql`create index invitees_account_idx on invitees (account_id) where account_id is not null`.execute(db);

  await createTable(
    db,
    'payments',
    sql`account_id integer not null references accounts(id) on delete restrict,
      invitee_id integer references invitees(id) on delete set null,
      amount_cents integer not null check (amount_cents > 0),
      currency text not null default 'usd',
      method text not null check (method in ('stripe', 'card', 'check', 'cash', 'other')),
      reference text,
      external_id text unique,
      stripe_session_id text unique,
      stripe_payment_intent_id text unique,
      paid_at timestamptz not null default now(),
      refunded_cents integer not null default 0,
      refunded_at timestamptz,
      recorded_by integer references accounts(id) on delete set null,
      search text generated always as (lower(coalesce(reference, '') || ' ' || coalesce(external_id, '') || ' ' || coalesce(stripe_session_id, '') || ' ' || coalesce(stripe_payment_intent_id, ''))) stored`,
  );
  await sql`create index payments_account_idx on payments (account_id)`.execute(db);
  await sql`create index payments_paid_at_idx on payments (paid_at desc, id desc)`.execute(db);

  await sql`
    create table stripe_events (
      id text primary key,
      type text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
}
