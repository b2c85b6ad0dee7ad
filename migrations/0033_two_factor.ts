import { sql, type Kysely } from 'kysely';

/*
 * Two-factor sign-in for staff (issue 27): one TOTP factor per account and its recovery codes.
 * `secret` is the TOTP key encrypted with an app secret (services/auth/secret-box.ts); `confirmed_at` null
 * means set-up was started but not yet confirmed with a code; `last_step` is the last accepted 30-second
 * step, so a code is accepted once only. Recovery codes are kept as SHA-256 hashes, each used once.
 * Neither table has the audit trigger: their actions are audited explicitly, without the secrets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table account_second_factors (
      account_id integer primary key references accounts (id) on delete cascade,
      secret text not null,
      confirmed_at timestamptz,
      last_step bigint,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table account_recovery_codes (
      id serial primary key,
      account_id integer not null references accounts (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      unique (account_id, code_hash)
    )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
