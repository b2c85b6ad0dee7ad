import { sql, type Kysely } from 'kysely';

/*
 * The join funnel's staff side and integrator calls (issue 23):
 * - a waived fee ('Complete Without Payment') is a payments row of method 'waived' and amount 0, at most one
 *   per account, so the payments list shows it and a repeat finds it;
 * - a pledge recorded through the admin API keeps its external id on the invitee, unique, so a retried call
 *   finds its invitee instead of pledging again (a payment's external id is already unique in payments).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table payments
      drop constraint payments_amount_cents_check,
      drop constraint payments_method_check,
      add constraint payments_method_check check (method in ('stripe', 'card', 'check', 'cash', 'other', 'waived')),
      add constraint payments_amount_cents_check check (case when method = 'waived' then amount_cents = 0 else amount_cents > 0 end)`.execute(
    db,
  );
  await sql`create unique index payments_waived_once_idx on payments (account_id) where method = 'waived'`.execute(db);
  await sql`create index payments_invitee_idx on payments (invitee_id) where invitee_id is not null`.execute(db);
  // Nullable, no default: adding it rewrites nothing however many invitees there are.
  await sql`alter table invitees add column pledge_external_id text`.execute(db);
  await sql`create unique index invitees_pledge_external_id_idx on invitees (pledge_external_id) where pledge_external_id is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
