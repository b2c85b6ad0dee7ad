import { sql, type Kysely } from 'kysely';

/*
 * Second factor hardening (issue 34): `failed_codes` counts wrong codes in a row across every call that takes
 * one (sign-in, turning it off, new recovery codes); at TWO_FACTOR_MAX_FAILURES two-factor sign-in is locked
 * until `locked_until`. `pending_used_upto`: the issue time (ms) of the newest pending sign-in cookie that
 * signed in, so a pending cookie works once (services/auth/pending-sign-in.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table account_second_factors
      add column failed_codes integer not null default 0,
      add column locked_until timestamptz,
      add column pending_used_upto bigint`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
