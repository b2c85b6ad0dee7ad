import { sql, type Kysely } from 'kysely';

/*
 * Payments to review (issue 34 finding 3, issue 40):
 * - `checkout_sessions` keeps every Stripe Checkout Session the product created, with its invitee and the fee
 *   it asked, so the webhook applies only those (a signed event for any other paid session is not trusted) and a
 *   new checkout can expire the invitee's older open ones;
 * - a payment the webhook does not apply (not our session, wrong code, amount or currency, or a second payment
 *   for a member) is stored with `review_state` 'pending' and its `review_reason`, making nobody a member, until
 *   staff apply it ('applied') or refund it through Stripe ('refunded'); a second payment staff record on
 *   purpose is stored 'applied' at once, with their reason. A payment applied the ordinary way has neither.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table checkout_sessions (
      id text primary key,
      invitee_id integer not null references invitees(id) on delete cascade,
      amount_cents integer not null,
      currency text not null,
      created_at timestamptz not null default now(),
      expired_at timestamptz
    )`.execute(db);
  await sql`create index checkout_sessions_open_idx on checkout_sessions (invitee_id) where expired_at is null`.execute(
    db,
  );
  // Nullable, no default: adding them rewrites nothing however many payments there are.
  await sql`
    alter table payments
      add column review_state text check (review_state in ('pending', 'applied', 'refunded')),
      add column review_reason text,
      add column reviewed_by integer references accounts(id) on delete set null,
      add column reviewed_at timestamptz,
      add constraint payments_review_reason_check check ((review_state is null) = (review_reason is null))`.execute(db);
  await sql`create index payments_to_review_idx on payments (paid_at desc, id desc) where review_state = 'pending'`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
