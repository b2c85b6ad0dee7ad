import { sql, type Kysely } from 'kysely';

/*
 * Provider deferrals count toward a domain's give-up (issue 37 §1): email_domains.provider_deferring_since is the
 * first deferral the provider reported (SES DeliveryDelay, SendGrid and Mandrill deferred, Postmark transient
 * bounces) with no delivery to the domain reported since. The relay's own acceptance does not clear it (a provider
 * takes every message; only its delivered event says the recipient's server did), so it is kept apart from
 * deferring_since (0036d: the RCPT deferrals of a relay passing the recipient server's answer through).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table email_domains add column provider_deferring_since timestamptz`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
