import { sql, type Kysely } from 'kysely';

/*
 * Personal data requests (issue 36):
 * - privacy_requests: one export (right of access) or erasure (right to erasure) of one person, run by a job.
 *   The email is kept only while the request needs it (an erasure clears it when done); `email_hash` is a keyed
 *   hash of it (HMAC-SHA256 with the app secret 'privacy-hmac'), which is all the audit log names.
 * - privacy_suppressions: the keyed hashes of erased addresses; invitation processing drops such rows as removed
 *   ('Erased at their request') and no send reaches them.
 * - directory_opt_out on invitees and accounts (FERPA directory information opt-out).
 * - Audit rows may be rewritten only by an erasure (`audit.erase` set in its transaction), so the log keeps the
 *   erasure without the person's name, email or phone in older rows' changes.
 * - Indexes that let one person be found fast: the send log by address and account, invitees by phone and
 *   code, accounts by phone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table privacy_requests (
      id serial primary key,
      kind text not null check (kind in ('export', 'erasure')),
      status text not null default 'Queued'
        check (status in ('Queued', 'Running', 'Done', 'Failed', 'Awaiting confirmation')),
      status_reason text,
      email text,
      email_hash text not null,
      reason text not null default '',
      needs_confirmation boolean not null default false,
      requested_by integer references accounts (id) on delete set null,
      confirmed_by integer references accounts (id) on delete set null,
      storage_key text,
      changes jsonb,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      downloaded_at timestamptz
    )`.execute(db);
  await sql`create index privacy_requests_hash_idx on privacy_requests (email_hash)`.execute(db);
  await sql`
    create table privacy_suppressions (
      email_hash text primary key,
      request_id integer references privacy_requests (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`alter table invitees add column directory_opt_out boolean not null default false`.execute(db);
  await sql`alter table accounts add column directory_opt_out boolean not null default false`.execute(db);

  await sql`create index email_sends_email_to_idx on email_sends (lower(email_to))`.execute(db);
  await sql`create index email_sends_account_idx on email_sends (account_id) where account_id is not null`.execute(db);
  await sql`create index invitees_phone_idx on invitees (phone_number) where phone_number is not null`.execute(db);
  await sql`create index invitees_code_idx on invitees (invitation_code) where invitation_code is not null`.execute(db);
  await sql`create index accounts_phone_idx on accounts (phone) where phone is not null`.execute(db);

  await sql`
    create or replace function audit_log_unchangeable() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting('audit.purge', true) = 'on' then return old; end if;
      if tg_op = 'UPDATE' and current_setting('audit.erase', true) = 'on' then return new; end if;
      raise exception 'audit_log rows cannot be changed' using errcode = '42501';
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
