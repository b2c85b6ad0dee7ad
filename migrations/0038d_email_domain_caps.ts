import { sql, type Kysely } from 'kysely';
import { auditTrigger } from './lib/trigger-sql.js';

/*
 * Per-domain caps and the warm-up schedule set on the deliverability page (issue 37 §1, §2), both audited.
 * - email_domain_caps: a cap in messages a minute for a recipient domain or a hosting organisation's budget
 *   ('google', 'microsoft', 'yahoo'). It wins over EMAIL_DOMAIN_RATE for that name; a domain with its own cap
 *   is paced on its own, outside its host's shared budget.
 * - email_warmup_schedule: the one row of an edited warm-up table, the day's limit on day 1, 2, ...; no row: the
 *   default (500 doubling every day up to the quota). Resetting deletes the row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table email_domain_caps (
      name text primary key check (name ~ '^[a-z0-9.-]+$'),
      per_minute integer not null check (per_minute between 1 and 1000000),
      updated_at timestamptz not null default now(),
      updated_by integer references accounts (id) on delete set null
    )`.execute(db);
  await sql.raw(auditTrigger('email_domain_caps', { key: 'name', keep: ['per_minute'] })).execute(db);

  await sql`
    create table email_warmup_schedule (
      id boolean primary key default true check (id),
      limits integer[] not null check (cardinality(limits) between 1 and 366 and 0 < all (limits)),
      updated_at timestamptz not null default now(),
      updated_by integer references accounts (id) on delete set null
    )`.execute(db);
  await sql.raw(auditTrigger('email_warmup_schedule', { keep: ['limits'] })).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
