import { sql, type Kysely } from 'kysely';

/*
 * Rotating the Open Badges issuer key (issue 38 §4, §7):
 * - issuer_keys: every signing key the society has had, `key-{number}` (key-1, key-2 ...), the newest signing new
 *   badges. The private JWK is sealed (services/auth/secret-box), the public JWK in the clear; `withdrawn_at` is
 *   set when staff said a key leaked as they rotated away from it (its public key is no longer vouched for).
 *   The key of society_settings (generated on the first badge) becomes key-1, and its two columns go.
 * - badge_credentials.issuer_key: the key that signed the badge (every badge so far: key-1).
 * - badge_credentials.replaced_by: the badge reissued in its place (signed by the new key, when the old one
 *   leaked); one current badge per account and program is those not replaced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table issuer_keys (
      number integer primary key check (number > 0),
      public_jwk jsonb not null,
      secret_key text not null,
      created_at timestamptz not null default now(),
      withdrawn_at timestamptz
    )`.execute(db);
  await sql`
    insert into issuer_keys (number, public_jwk, secret_key)
    select 1, issuer_public_jwk, issuer_secret_key from society_settings
    where issuer_secret_key is not null and issuer_public_jwk is not null`.execute(db);
  await sql`alter table society_settings drop column issuer_secret_key, drop column issuer_public_jwk`.execute(db);

  await sql`
    alter table badge_credentials
      add column issuer_key integer references issuer_keys (number),
      add column replaced_by uuid references badge_credentials (id) deferrable initially deferred`.execute(db);
  await sql`update badge_credentials set issuer_key = 1`.execute(db);
  await sql`alter table badge_credentials alter column issuer_key set not null`.execute(db);
  await sql`create index badge_credentials_issuer_key on badge_credentials (issuer_key) where revoked_at is null`.execute(
    db,
  );
  await sql`alter table badge_credentials drop constraint badge_credentials_account_id_program_id_key`.execute(db);
  await sql`
    create unique index badge_credentials_current on badge_credentials (account_id, program_id)
    where replaced_by is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
