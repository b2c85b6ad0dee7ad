import { sql, type Kysely } from 'kysely';

/*
 * What a member gets (issue 38).
 * - society_settings: the one row of the society's name and address (printed on receipts and certificates) and
 *   its Open Badges issuer key (Ed25519: the private JWK, issuer_secret_key, sealed by services/auth/secret-box, the public JWK in
 *   the clear), generated once on first use.
 * - receipts: one receipt per payment (a waiver is a zero receipt) and a credit note per refund, numbered from
 *   their own sequences (R-000001, C-000001). Triggers on payments issue them, so every way of paying or
 *   refunding (Stripe webhook, staff, review refunds, imports) gets one, and a number never changes once given.
 *   Payments already stored get theirs here, in the order they were paid.
 * - certificates: a membership certificate per member (at most one live: revoking or reissuing ends it), with
 *   a public uuid (the verification link) and its own number (MC-000001).
 * - member_profiles (id: the account's): the member's name as it should appear on the certificate. (The directory
 *   opt-out is the account's, migration 0036a: the verification page then names a member only to someone who
 *   enters the certificate number.)
 * - email_changes: a single-use link to confirm a new address (only the SHA-256 of its token is kept); the send
 *   log gains its source, `email_change` (a system message).
 * - badge_credentials: Open Badges 3.0 credentials for completed programs (the signed VC-JWT), each with its
 *   index in the society's revocation status list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table society_settings (
      id boolean primary key default true check (id),
      name text not null default 'Honor Society',
      address text not null default '',
      issuer_secret_key text,
      issuer_public_jwk jsonb,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into society_settings (id) values (true)`.execute(db);

  await sql`create sequence receipt_numbers`.execute(db);
  await sql`create sequence credit_note_numbers`.execute(db);
  await sql`
    create table receipts (
      id serial primary key,
      kind text not null check (kind in ('receipt', 'credit_note')),
      number text not null unique,
      payment_id integer not null references payments (id) on delete cascade,
      account_id integer not null references accounts (id) on delete cascade,
      amount_cents integer not null check (amount_cents >= 0),
      currency text not null,
      issued_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index receipts_one_per_payment on receipts (payment_id) where kind = 'receipt'`.execute(db);
  await sql`create index receipts_account on receipts (account_id, issued_at)`.execute(db);
  await sql`
    create function issue_payment_receipt() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into receipts (kind, number, payment_id, account_id, amount_cents, currency, issued_at)
        values ('receipt', 'R-' || lpad(nextval('receipt_numbers')::text, 6, '0'), new.id, new.account_id,
                new.amount_cents, new.currency, new.paid_at);
      elsif new.refunded_cents > old.refunded_cents then
        insert into receipts (kind, number, payment_id, account_id, amount_cents, currency, issued_at)
        values ('credit_note', 'C-' || lpad(nextval('credit_note_numbers')::text, 6, '0'), new.id, new.account_id,
                new.refunded_cents - old.refunded_cents, new.currency, coalesce(new.refunded_at, now()));
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger payments_receipt after insert on payments
      for each row execute function issue_payment_receipt()`.execute(db);
  await sql`
    create trigger payments_credit_note after update of refunded_cents on payments
      for each row when (new.refunded_cents > old.refunded_cents) execute function issue_payment_receipt()`.execute(db);
  await sql`
    insert into receipts (kind, number, payment_id, account_id, amount_cents, currency, issued_at)
    select 'receipt', 'R-' || lpad(nextval('receipt_numbers')::text, 6, '0'), id, account_id, amount_cents, currency,
           paid_at
      from (select * from payments order by paid_at, id) p`.execute(db);
  await sql`
    insert into receipts (kind, number, payment_id, account_id, amount_cents, currency, issued_at)
    select 'credit_note', 'C-' || lpad(nextval('credit_note_numbers')::text, 6, '0'), id, account_id, refunded_cents,
           currency, coalesce(refunded_at, paid_at)
      from (select * from payments where refunded_cents > 0 order by refunded_at, id) p`.execute(db);

  await sql`create sequence certificate_numbers`.execute(db);
  await sql`
    create table certificates (
      id uuid primary key default gen_random_uuid(),
      number text not null unique default 'MC-' || lpad(nextval('certificate_numbers')::text, 6, '0'),
      account_id integer not null references accounts (id) on delete cascade,
      issued_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoked_by integer references accounts (id) on delete set null,
      revoked_reason text
    )`.execute(db);
  await sql`create unique index certificates_live on certificates (account_id) where revoked_at is null`.execute(db);

  await sql`
    create table member_profiles (
      id integer primary key references accounts (id) on delete cascade,
      certificate_name text,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table email_changes (
      id serial primary key,
      account_id integer not null references accounts (id) on delete cascade,
      new_email text not null,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create unique index email_changes_live on email_changes (account_id) where used_at is null`.execute(db);
  await sql`
    alter table email_sends drop constraint email_sends_source_check,
      add constraint email_sends_source_check check (source in (
        'invitation_email', 'invitation_email_test', 'invitation_tickler', 'invitation_tickler_test',
        'welcome_email', 'welcome_email_test', 'welcome_no_payment', 'welcome_no_payment_test', 'set_password',
        'email_change'))`.execute(db);

  await sql`
    create table badge_credentials (
      id uuid primary key,
      account_id integer not null references accounts (id) on delete cascade,
      program_id integer not null references programs (id) on delete cascade,
      status_index serial unique,
      credential jsonb not null,
      jwt text not null,
      issued_at timestamptz not null default now(),
      revoked_at timestamptz,
      unique (account_id, program_id)
    )`.execute(db);
  // A staff member's revoke or reissue, a member's own profile and the settings are audited by the row trigger of
  // migration 0029a (member requests run in their own audit context, features/member).
  for (const table of ['certificates', 'member_profiles', 'society_settings', 'badge_credentials']) {
    await sql`
      create trigger audit_row after insert or update or delete on ${sql.table(table)} for each row
        when (coalesce(current_setting('audit.context', true), '') <> '') execute function audit_row()`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
