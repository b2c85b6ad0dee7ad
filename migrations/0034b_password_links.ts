import { sql, type Kysely } from 'kysely';

/*
 * Set-password links (issue 34 finding 2; later staff invites and "Forgot password?"): a single-use token
 * emailed to an account's address, of which only the SHA-256 is kept. A link lives 7 days; one account has
 * at most one live link (issuing a new one deletes the earlier), and a used one keeps `used_at`.
 * No audit trigger: issuing and using a link are audited explicitly, without the token.
 * The send log gains the source of these emails, `set_password` (a system message, not a staff template).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table password_links (
      id serial primary key,
      account_id integer not null references accounts (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create unique index password_links_live on password_links (account_id) where used_at is null`.execute(db);
  await sql`
    alter table email_sends drop constraint email_sends_source_check,
      add constraint email_sends_source_check check (source in (
        'invitation_email', 'invitation_email_test', 'invitation_tickler', 'invitation_tickler_test',
        'welcome_email', 'welcome_email_test', 'welcome_no_payment', 'welcome_no_payment_test', 'set_password'))`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
